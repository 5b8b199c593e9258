export {
  createNotificationsRepository,
  type NewNotification,
  type NotificationsRepository,
} from './notifications.repository.js';
export { notificationsRoutes } from './notifications.routes.js';
export { createNotificationsService, type NotificationsService } from './notifications.service.js';
