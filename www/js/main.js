// The playground page's entry: starts the app, and shows any error that
// escapes it in the page's banner (the page keeps working).
import { App } from './app.js';
import { message, t } from './i18n.js';

const app = new App();
window.addEventListener('error', (event) => app.showError(message(event.error ?? event.message)));
window.addEventListener('unhandledrejection', (event) => app.showError(message(event.reason)));
app.start().catch((error) => app.showError(t('The playground could not start: {why}', { why: message(error) })));
window.playground = app; // for the browser tests and the curious
