// The whole of Mantine's stylesheets, in Mantine's order and in its `mantine` CSS layer, for every screen
// but the sign-in screen (main.tsx) and the patient list (signed-in-styles.ts): the router loads it with
// the screen's code (issue 15's budgets). Layered, it never wins over the app's own CSS, whatever the order
// the files arrive in.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
