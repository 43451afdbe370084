import { json, network } from '../../test/fake-network';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  fixedRatesInto,
  MoneyPaths,
  type MoneyPreferences,
  type Rates,
} from '@bookshelf/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeMirror } from '../../lib/money/preferences-mirror';
import { answerMoneyPreferences } from '../../test/money';
import { renderWithApp } from '../../test/render-with-app';
import { PriceLabel } from './price-label';

const fixedInr: Rates = {
  base: 'INR',
  source: 'fixed',
  date: null,
  rates: fixedRatesInto('INR'),
};

const tooltip = () => screen.getByRole('tooltip', { hidden: true }).textContent;

describe('PriceLabel', () => {
  it('shows a USD purchase in INR with the original in brackets and the rate, date and base in its tooltip', async () => {
    answerMoneyPreferences({ baseCurrency: 'INR' });
    network.answer(`GET ${MoneyPaths.rates}`, fixedInr);
    renderWithApp(<PriceLabel amount={10} currency="USD" date="2024-05-03" />);
    expect(await screen.findByText('₹832.50')).toBeTruthy();
    expect(screen.getByText('($10.00)')).toBeTruthy();
    expect(tooltip()).toContain('1 USD = 83.2500 INR (fixed rate)');
    expect(tooltip()).toContain('Purchased May 3, 2024');
    expect(tooltip()).toContain('Converted to your base currency (INR)');
    // The rate of the purchase's day was asked for.
    expect(network.requests(`GET ${MoneyPaths.rates}`).at(-1)?.search).toBe('?base=INR&date=2024-05-03');
    // The label is reachable by keyboard and names its tooltip.
    const label = screen.getByText('₹832.50').parentElement!;
    expect(label.tabIndex).toBe(0);
    expect(label.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip', { hidden: true }).id);
  });

  it('says Loading... while the rates are on their way', async () => {
    answerMoneyPreferences({ baseCurrency: 'INR' });
    let release = () => {};
    network.answer(
      `GET ${MoneyPaths.rates}`,
      () => new Promise((resolve) => (release = () => resolve(json(fixedInr)))),
    );
    renderWithApp(<PriceLabel amount={10} currency="USD" />);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    release();
    expect(await screen.findByText('₹832.50')).toBeTruthy();
  });

  it('names the central bank’s rate and its day when the instance has real rates', async () => {
    answerMoneyPreferences({ baseCurrency: 'INR', ratesSource: 'ecb' });
    network.answer(`GET ${MoneyPaths.rates}`, {
      ...fixedInr,
      source: 'ecb',
      date: '2024-01-02',
      rates: { ...fixedInr.rates, EUR: 91.2195 },
    });
    renderWithApp(<PriceLabel amount={20} currency="EUR" date="2024-01-05" />);
    expect(await screen.findByText('₹1,824.39')).toBeTruthy();
    expect(tooltip()).toContain('1 EUR = 91.2195 INR (European Central Bank rate of Jan 2, 2024)');
  });

  it('shows the amount alone in the base currency, or when the reader turned conversion off', async () => {
    const choices = answerMoneyPreferences({ baseCurrency: 'USD', showMultipleCurrencies: false, showCodes: true });
    // A returning reader: the browser's copy applies from the first paint, so no rate is asked for meanwhile.
    writeMirror({ ...choices, baseCurrency: 'USD' });
    renderWithApp(
      <>
        <PriceLabel amount={12.5} currency="USD" />
        <PriceLabel amount={499} currency="INR" />
      </>,
    );
    expect(await screen.findByText('₹499.00 INR')).toBeTruthy();
    expect(screen.getByText('$12.50 USD')).toBeTruthy();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    expect(network.requests(`GET ${MoneyPaths.rates}`)).toHaveLength(0);
    localStorage.clear();
  });

  it('hides the rate line when the reader does not want rates shown', async () => {
    answerMoneyPreferences({ baseCurrency: 'INR', showConversionRates: false });
    network.answer(`GET ${MoneyPaths.rates}`, fixedInr);
    renderWithApp(<PriceLabel amount={1} currency="GBP" />);
    expect(await screen.findByText('₹105.20')).toBeTruthy();
    expect(tooltip()).not.toContain('105.2000');
    expect(tooltip()).toContain('Converted to your base currency (INR)');
  });

  it('converts to the cent by the one rule every sum uses: £95 is $120.05, ¥1,980 is $13.32', async () => {
    answerMoneyPreferences({ baseCurrency: 'USD' });
    network.answer(`GET ${MoneyPaths.rates}`, {
      base: 'USD',
      source: 'fixed',
      date: null,
      rates: fixedRatesInto('USD'),
    });
    renderWithApp(
      <>
        <PriceLabel amount={95} currency="GBP" />
        <PriceLabel amount={1980} currency="JPY" />
      </>,
    );
    expect(await screen.findByText('$120.05')).toBeTruthy();
    expect(await screen.findByText('$13.32')).toBeTruthy();
    expect(screen.getByText('(¥1,980.00)')).toBeTruthy();
    expect(screen.getAllByRole('tooltip', { hidden: true })[1]!.textContent).toContain('1 JPY = 0.0067 USD');
  });

  it('shows no amount until the base currency is the reader’s, then only in it (issue 27)', async () => {
    // A new reader on this browser (no stored copy): the browser guesses USD (en-US), the server says GBP.
    localStorage.clear();
    let release = () => {};
    const preferences: MoneyPreferences = {
      ...DEFAULT_DISPLAY_PREFERENCES,
      baseCurrency: 'GBP',
      customPlatforms: [],
      ratesSource: 'fixed',
    };
    network.answer(
      `GET ${MoneyPaths.preferences}`,
      () => new Promise((resolve) => (release = () => resolve(json(preferences)))),
    );
    network.answer(`GET ${MoneyPaths.rates}`, (request) => {
      const base = new URLSearchParams(request.search).get('base') as 'GBP';
      return json({ base, source: 'fixed', date: null, rates: fixedRatesInto(base) });
    });
    renderWithApp(<PriceLabel amount={10} currency="EUR" />);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(network.requests(`GET ${MoneyPaths.rates}`)).toHaveLength(0);
    release();
    expect(await screen.findByText('£8.60')).toBeTruthy(); // 10 × 0.85979087
    expect(network.requests(`GET ${MoneyPaths.rates}`).map((r) => r.search)).toEqual(['?base=GBP']);
  });
});
