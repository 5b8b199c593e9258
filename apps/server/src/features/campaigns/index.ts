export { activeCampaign, createCampaignsRepository } from './campaigns.repository.js';
export { campaignsRoutes } from './campaigns.routes.js';
export {
  type CampaignsService,
  campaignScopeFor,
  createCampaignsService,
  PROTECTED_USER_MESSAGE,
  seesEveryCampaign,
  UNKNOWN_EMAIL_MESSAGE,
} from './campaigns.service.js';
export {
  HOURS_COLUMNS,
  type HoursColumns,
  hoursColumns,
  withWorkingHours,
  workingHoursOf,
} from './workingHours.js';
