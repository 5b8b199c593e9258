export * from './callMetrics.js';
export * from './callSums.js';
export * from './constants.js';
export * from './dashboardRange.js';
export * from './dispositions.js';
export * from './format.js';
export * from './productivity.js';
export * from './productivityPay.js';
