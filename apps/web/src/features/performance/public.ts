/*
 * What the app shell uses of the performance feature: the always-mounted tools (sampling, the hidden
 * dashboard, the debug box; each loads its code only when needed) and the admin page's address.
 */
export { ADMIN_PERFORMANCE_PATH } from '@bookshelf/contract';
export { PerformanceTools } from './components/performance-tools';
