// The whole of Mantine's stylesheets, in Mantine's order. main.tsx loads only the sign-in screen's share;
// this comes with the signed-in shell (app-layout.tsx) and with the screens outside it, always imported
// before the screen's own code so the screen's CSS still comes after Mantine's (issue 15's budgets).
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
