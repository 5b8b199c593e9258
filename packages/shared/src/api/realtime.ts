import { z } from 'zod';
import { SOCKET_ID_HEADER } from './events.js';

/** The socket id header a call may carry (see SOCKET_ID_HEADER). */
export const socketIdHeaderSchema = z.object({
  [SOCKET_ID_HEADER]: z
    .string()
    .regex(/^[\w-]{1,64}$/, { error: 'must be a Socket.IO connection id' })
    .optional(),
});

/** The payload of a page's join and leave events. */
export const roomRequestSchema = z.object({ rooms: z.array(z.string().min(1).max(100)).min(1).max(50) });
