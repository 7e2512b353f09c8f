export * from './api';
export * from './ids';
export * from './messages';
export * from './money';
export * from './roles';
export * from './rules';
export * from './vocabulary';
export * from './offers';
