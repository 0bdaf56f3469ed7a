import { ProfilePage } from '../features/auth/profile-page';
import { SessionsSection } from '../features/sessions/sessions-section';

/** /profil: the account and two-factor sign-in (auth), with the open sessions (sessions). */
export function ProfileRoute() {
  return (
    <ProfilePage>
      <SessionsSection />
    </ProfilePage>
  );
}
