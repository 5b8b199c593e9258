export { createOrgRepository } from './org.repository.js';
export { orgRoutes } from './org.routes.js';
export { createOrgService, PROTECTED_USER_MESSAGE, seesEveryCampaign, UNKNOWN_EMAIL_MESSAGE } from './org.service.js';
