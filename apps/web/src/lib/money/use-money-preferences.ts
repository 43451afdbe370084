import {
  MoneyPaths,
  type CustomPlatform,
  type MoneyPreferences,
  type RateSource,
  type UpdateMoneyPreferences,
} from '@bookshelf/contract';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api-client';
import { toast } from '../toast';
import { pageLocale } from './page-locale';
import { effectivePreferences, readMirror, writeMirror, type MirroredPreferences } from './preferences-mirror';

const loadPreferencesSchema = () => import('./money-schemas').then((m) => m.MoneyPreferencesSchema);

export const moneyKeys = {
  preferences: ['money', 'preferences'] as const,
  rates: (base: string, date: string | null) => ['money', 'rates', base, date ?? 'today'] as const,
};

export interface MoneyPreferencesState extends MirroredPreferences {
  customPlatforms: readonly CustomPlatform[];
  /** Unknown until the server answered. */
  ratesSource: RateSource | undefined;
  /**
   * The base currency is the reader's, not a guess that may change under them: the server answered (or
   * failed to), or this browser keeps its copy of the server's choice. Until then no amount is shown (issue 27: a new en-US
   * reader saw ₹ first, then $).
   */
  settled: boolean;
  /** The page's language, which every amount is written in (formatMoney's `locale`). */
  locale: string;
}

const SAVING_PREFERENCES = ['money', 'preferences', 'save'] as const;

/** The preferences with the saves still in flight applied, oldest first. */
function withChanges(
  preferences: MirroredPreferences,
  changes: readonly (UpdateMoneyPreferences | undefined)[],
): MirroredPreferences {
  let result = preferences;
  for (const change of changes) {
    if (!change) continue;
    result = { ...result, ...change, baseCurrency: change.baseCurrency ?? result.baseCurrency };
  }
  return result;
}

/** The guess is saved once per page load at most, so two components reading it do not both send it. */
let guessSaved = false;

/**
 * The reader's base currency and display choices (core.md §9): the server's, mirrored in local storage so
 * the first paint already shows amounts their way. A reader who never chose a base currency gets the
 * browser's guess, saved to the server so that its sums (value, spending) use the same one.
 */
export function useMoneyPreferences(): MoneyPreferencesState {
  const query = useQuery({
    queryKey: moneyKeys.preferences,
    queryFn: ({ signal }) => api(MoneyPaths.preferences, loadPreferencesSchema, { signal }),
    staleTime: 5 * 60_000,
  });
  // A change made before the server's first answer has no cached answer to go into: the saves in flight
  // are laid over whatever is shown, so a switch moves the moment it is clicked (CI stop 34: it did not).
  const inFlight = useMutationState({
    filters: { mutationKey: SAVING_PREFERENCES, status: 'pending' },
    select: (mutation) => mutation.state.variables as UpdateMoneyPreferences | undefined,
  });
  const effective = withChanges(effectivePreferences(query.data), inFlight);
  const save = useUpdateMoneyPreferences({ quiet: true });
  const unset = query.data !== undefined && query.data.baseCurrency === null;
  const { baseCurrency, showMultipleCurrencies, showConversionRates, showSymbols, showCodes } = effective;

  useEffect(() => {
    if (query.data === undefined) return;
    writeMirror({ baseCurrency, showMultipleCurrencies, showConversionRates, showSymbols, showCodes });
  }, [query.data, baseCurrency, showMultipleCurrencies, showConversionRates, showSymbols, showCodes]);

  const { mutate } = save;
  useEffect(() => {
    if (!unset || guessSaved) return;
    guessSaved = true;
    mutate({ baseCurrency });
  }, [unset, baseCurrency, mutate]);

  return {
    ...effective,
    customPlatforms: query.data?.customPlatforms ?? [],
    ratesSource: query.data?.ratesSource,
    // A server that cannot answer leaves the guess: amounts in it beat no amounts at all.
    settled: query.status !== 'pending' || readMirror() !== null,
    locale: pageLocale(),
  };
}

/** Saves settings at once on screen (optimistic), and puts them back if the server refuses. */
export function useUpdateMoneyPreferences({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SAVING_PREFERENCES,
    mutationFn: (changes: UpdateMoneyPreferences) =>
      api(MoneyPaths.preferences, loadPreferencesSchema, { method: 'PATCH', body: changes }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: moneyKeys.preferences });
      const before = queryClient.getQueryData<MoneyPreferences>(moneyKeys.preferences);
      if (before) queryClient.setQueryData<MoneyPreferences>(moneyKeys.preferences, { ...before, ...changes });
      return { before };
    },
    onError: (error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(moneyKeys.preferences, context.before);
      // The first load was cancelled for this save and never answered: ask again.
      else void queryClient.invalidateQueries({ queryKey: moneyKeys.preferences });
      if (!quiet) toast({ type: 'error', title: 'Currency settings not saved', message: error.message });
    },
    // Two quick changes (a currency, then a switch): the first answer predates the second change, so it would
    // put the switch back on screen. Only the last save's answer is shown; it holds every change before it.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: SAVING_PREFERENCES }) <= 1) {
        queryClient.setQueryData(moneyKeys.preferences, saved);
      }
    },
  });
}
