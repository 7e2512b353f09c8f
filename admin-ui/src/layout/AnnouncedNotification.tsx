import { createPortal } from 'react-dom';
import { Notification } from 'react-admin';

/**
 * The toasts, drawn at the end of the page's body. An open dialog hides the rest of the page from
 * screen readers (aria-hidden on the body's other children): a toast drawn inside the app, such as a
 * refusal of the dialog's own request, went unheard. Drawn outside, after the dialog opened, it is heard.
 */
export const AnnouncedNotification = () => createPortal(<Notification />, document.body);
