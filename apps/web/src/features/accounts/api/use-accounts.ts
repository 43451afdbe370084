export { ACCOUNTS_QUERY_KEY, accountsQueryOptions, fetchAccounts, useAccounts } from '../../../lib/accounts';
