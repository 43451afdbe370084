/* Alone in its module so that the signed-in shell's link to the page carries nothing else. */

/** The admin page (not a spec screen: the spec shows no admin role, see decision 032). */
export const ADMIN_PERFORMANCE_PATH = '/admin/performance';
