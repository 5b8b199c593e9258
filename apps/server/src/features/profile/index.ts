export { profileRoutes } from './profile.routes.js';
export { CRM_ID_MISSING_MESSAGE, createProfileService, type ProfileService } from './profile.service.js';
