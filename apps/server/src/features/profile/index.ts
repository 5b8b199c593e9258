export { profileRoutes } from './profile.routes.js';
export { createProfileService, crmIdMissingMessage, type ProfileService } from './profile.service.js';
