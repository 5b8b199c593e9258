export * from './breaks.js';
export * from './calendarPeriod.js';
export * from './constants.js';
export * from './intervals.js';
export * from './shiftTransitions.js';
export * from './timeChoices.js';
export * from './vacations.js';
export * from './validateShift.js';
