// Dates in Romanian (month and day names, Monday first) for dayjs, which the date pickers and the screens'
// date labels format with. The screens that show dates load this with their code: the signed-in shell
// (app-layout.tsx) and every other screen (router.tsx's `screen`); the sign-in screen shows no date and
// does not download dayjs (issue 15's budgets). The component tests load it in their setup.
import dayjs from 'dayjs';
import 'dayjs/locale/ro';

dayjs.locale('ro');
