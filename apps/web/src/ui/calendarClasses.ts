/** Class of calendar events drawn white with a coloured border and text: pending shifts and vacations. */
export const PENDING_CLASS = 'sl-event-pending';
