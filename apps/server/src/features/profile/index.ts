export { createProfileService, CRM_ID_MISSING_MESSAGE, type ProfileService } from './profile.service.js';
export { profileRoutes } from './profile.routes.js';
