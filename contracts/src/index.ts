export * from './errors';
export * from './fields';
export * from './events/envelope';
export * from './archive/slug';
export * from './archive/years';
export * from './archive/videos';
export * from './archive/articles';
export * from './archive/events';
