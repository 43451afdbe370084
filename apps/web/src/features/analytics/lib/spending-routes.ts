/** The Spending page (issue 13): the "spending" tab, at /{tab} as core.md §2 maps tabs to paths. */
export const SPENDING_PATH = '/spending';
