import { useEffect } from 'react';

/** Names the browser tab after the screen, e.g. 'Pacienți · Odonto'. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Odonto`;
  }, [title]);
}
