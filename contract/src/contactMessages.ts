/** Contact messages as the back office handles them (admin spec: Contact messages). */
export const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'replied'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** The status filter of the list: every message, or one status. */
export const CONTACT_MESSAGE_FILTERS = ['all', ...CONTACT_MESSAGE_STATUSES] as const;
export type ContactMessageFilter = (typeof CONTACT_MESSAGE_FILTERS)[number];

export type ContactMessageView = { id: string; name: string; email: string; subject: string; message: string; status: ContactMessageStatus; created_at: string };

/** GET /admin/messages/stats/overview; "today" is the calendar day in the network's time zone (Europe/Paris). */
export type ContactMessageStats = { total: number; new_messages: number; read_messages: number; replied_messages: number; today_messages: number };

/** Longest text search accepted by the list. */
export const CONTACT_MESSAGE_SEARCH_MAX_LENGTH = 200;
