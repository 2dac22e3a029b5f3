export * from './messages';
export * from './constants';
export * from './errors';
export * from './facilities';
export * from './auth';
export * from './health';
