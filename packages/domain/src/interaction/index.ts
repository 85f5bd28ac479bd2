export * from './dish';
export * from './menu-paging';
export * from './services-modal';
export * from './show-if';
export * from './staff';
export * from './staff-list';
