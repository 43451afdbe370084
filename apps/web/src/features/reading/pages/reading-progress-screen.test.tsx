import { apiError, json, network, noContent } from '../../../test/fake-network';
import {
  ReadingPaths,
  TIME_ZONE_HEADER,
  type Achievements,
  type ReadingActivity,
  type ReadingGoal,
  type ReadingStats,
} from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast';
import { renderApp, testMe } from '../../../test/render-app';
import { fillReadingPath } from '../api/progress-request';
import { readingKeys } from '../api/query-keys';
import { ReadingProgressScreen } from './reading-progress-screen';

const USER = '00000000-0000-4000-8000-0000000000aa';
const me = { ...testMe, id: USER };
const paths = {
  stats: fillReadingPath(ReadingPaths.stats, { userId: USER }),
  activity: fillReadingPath(ReadingPaths.activity, { userId: USER }),
  goals: fillReadingPath(ReadingPaths.goals, { userId: USER }),
  achievements: fillReadingPath(ReadingPaths.achievements, { userId: USER }),
  export: fillReadingPath(ReadingPaths.export, { userId: USER }),
  goal: (id: string) => fillReadingPath(ReadingPaths.goal, { id }),
};

const stats = (over: Partial<ReadingStats> = {}): ReadingStats => ({
  totalTimeSpent: 2 * 3600 + 5 * 60,
  totalPagesRead: 1234,
  averageReadingSpeed: 12.46,
  sessionsCount: 4,
  lastReadAt: '2026-03-04T10:00:00.000Z',
  streakDays: 3,
  favoriteReadingTime: '21:00',
  ...over,
});

const activity = (days: ReadingActivity['days'] = []): ReadingActivity => ({ timeZone: 'UTC', days });

const goal = (n: number, over: Partial<ReadingGoal> = {}): ReadingGoal => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'books',
  target: 100,
  progress: 10,
  unit: 'books',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  isCompleted: false,
  ...over,
});

const achievements = (over: Partial<Achievements> = {}): Achievements => ({
  currentStreak: 3,
  longestStreak: 9,
  totalDaysRead: 14,
  achievements: [
    {
      id: 'first-session',
      name: 'First Steps',
      description: 'Finish your first reading session',
      progress: 1,
      target: 1,
      unlockedAt: '2026-03-01T09:00:00.000Z',
    },
    { id: 'streak-7', name: 'Week Streak', description: 'Read 7 days in a row', progress: 3, target: 7 },
    { id: 'hours-10', name: 'Dedicated Reader', description: 'Read for 10 hours', progress: 9000, target: 36_000 },
  ],
  ...over,
});

interface Answers {
  byTimeframe?: Partial<Record<string, ReadingStats>>;
  activity?: ReadingActivity;
  goals?: ReadingGoal[];
  achievements?: Achievements;
  timeZone?: string | null;
}

function answer({ byTimeframe = {}, activity: days, goals = [], achievements: ach, timeZone = null }: Answers = {}) {
  network.answer(`GET ${paths.stats}`, (req) => {
    const timeframe = new URLSearchParams(req.search).get('timeframe') ?? 'all';
    return json(byTimeframe[timeframe] ?? stats());
  });
  network.answer(`GET ${paths.activity}`, days ?? activity());
  network.answer(`GET ${paths.goals}`, goals);
  network.answer(`GET ${paths.achievements}`, ach ?? achievements());
  network.answer(`GET ${ReadingPaths.settings}`, { timeZone });
}

const onBrowse = vi.fn();
const renderScreen = () => renderApp({ me, ui: <ReadingProgressScreen onBrowse={onBrowse} onOpenFile={vi.fn()} /> });

const timeframes = (path: string) =>
  network.requests(`GET ${path}`).map((r) => new URLSearchParams(r.search).get('timeframe'));

const hasToast = (title: string) => getToasts().some((t) => t.title === title);

beforeAll(async () => {
  // The screen loads its schemas on the first answer; loading them here keeps that out of the findBy timeouts.
  await import('../api/progress-schemas');
});

beforeEach(() => {
  onBrowse.mockReset();
  // Only the clock's date: timers still run, so queries and toasts behave as in the browser.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-04T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ReadingProgressScreen', () => {
  it('shows the month by default: four formatted stat cards, habits and milestones, with the zone header', async () => {
    answer({ byTimeframe: { month: stats() } });
    renderScreen();
    const cards = await screen.findByLabelText('Reading statistics, This Month');
    const text = cards.textContent ?? '';
    expect(text).toContain('Time Read2h 5m2 hours 5 minutes');
    expect(text).toContain('Pages Read1,2341,234 pages');
    expect(text).toContain('Reading Speed12.5 pph12.5 pages per hour');
    expect(text).toContain('Streak3 days');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Period' }).value).toBe('month');

    expect(timeframes(paths.stats).sort()).toEqual(['all', 'month']);
    expect(timeframes(paths.activity)).toEqual(['month']);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const request of network.requests()) {
      if (request.path.startsWith('/api/reading-progress')) expect(request.headers.get(TIME_ZONE_HEADER)).toBe(zone);
    }

    const habits = screen.getByRole('region', { name: 'Reading Habits' });
    expect(habits.textContent).toBe('Reading HabitsSessions4Favorite Reading Time21:00Last Read2 hours ago');
    const milestones = screen.getByRole('region', { name: 'Milestones' });
    expect(milestones.textContent).toBe('MilestonesCurrent Streak3 daysLongest Streak9 daysTotal Days Read14 days');
  });

  it('asks for the chosen period and shows its figures', async () => {
    answer({
      byTimeframe: { month: stats(), week: stats({ totalTimeSpent: 45 * 60, totalPagesRead: 7, streakDays: 1 }) },
    });
    renderScreen();
    await screen.findByLabelText('Reading statistics, This Month');
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'week' } });
    const week = await screen.findByLabelText('Reading statistics, This Week');
    await waitFor(() => expect(week.textContent).toContain('Time Read45m'));
    expect(week.textContent).toContain('Pages Read7');
    expect(week.textContent).toContain('Streak1 day');
    expect(timeframes(paths.stats)).toContain('week');
    expect(timeframes(paths.activity)).toEqual(['month', 'week']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'year' } });
    await waitFor(() => expect(timeframes(paths.activity)).toEqual(['month', 'week', 'year']));
    expect(await screen.findByRole('figure', { name: 'Pages read per month' })).toBeTruthy();
  });

  it('charts pages and minutes per day of the month, with a table for screen readers', async () => {
    answer({
      activity: activity([
        { day: '2026-03-02', pagesRead: 12, minutes: 30, sessions: 1 },
        { day: '2026-03-04', pagesRead: 4, minutes: 1, sessions: 2 },
      ]),
    });
    renderScreen();
    const pages = await screen.findByRole('figure', { name: 'Pages read per day' });
    expect(within(pages).getAllByTestId('activity-bar')).toHaveLength(31);
    const rows = within(pages).getAllByRole('row');
    expect(rows).toHaveLength(32); // the header and 31 days
    expect(within(pages).getByRole('rowheader', { name: 'Mon, Mar 2' }).nextElementSibling!.textContent).toBe(
      '12 pages',
    );
    expect(within(pages).getByRole('rowheader', { name: 'Tue, Mar 3' }).nextElementSibling!.textContent).toBe(
      '0 pages',
    );
    const minutes = screen.getByRole('figure', { name: 'Minutes read per day' });
    expect(within(minutes).getByRole('rowheader', { name: 'Wed, Mar 4' }).nextElementSibling!.textContent).toBe(
      '1 minute',
    );
  });

  it('shows Start Your Reading Journey until the first session, and Browse Files goes to the files', async () => {
    answer({ byTimeframe: { all: stats({ sessionsCount: 0 }), month: stats({ sessionsCount: 0 }) } });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Start Your Reading Journey' })).toBeTruthy();
    expect(screen.queryByLabelText(/Reading statistics/)).toBeNull();
    // Goals can be set before the first book.
    expect(screen.getByRole('button', { name: 'New Goal' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Browse Files' }));
    expect(onBrowse).toHaveBeenCalledTimes(1);
  });

  it('shows the load failure with Retry, which loads again', async () => {
    answer();
    network.answer(`GET ${paths.achievements}`, apiError(500, 'Boom'));
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Load Reading Progress' })).toBeTruthy();
    expect(within(alert).getByText('Failed to load reading progress data')).toBeTruthy();
    network.answer(`GET ${paths.achievements}`, achievements());
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Reading statistics, This Month')).toBeTruthy();
    expect(screen.queryByText('Failed to Load Reading Progress')).toBeNull();
  });

  it('refreshes when the reader invalidates the reading queries', async () => {
    answer();
    const { queryClient } = renderScreen();
    const cards = await screen.findByLabelText('Reading statistics, This Month');
    answer({ byTimeframe: { month: stats({ totalPagesRead: 1300 }) } });
    await queryClient.invalidateQueries({ queryKey: readingKeys.all });
    await waitFor(() => expect(cards.textContent).toContain('Pages Read1,300'));
  });
});

describe('Reading Goals', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'New Reading Goal' });
  const field = (name: string) => within(dialog()).getByLabelText<HTMLInputElement>(name);

  it('checks the new goal as the server would, then creates it with progress 0', async () => {
    answer();
    network.answer(`POST ${ReadingPaths.createGoal}`, (req) => json({ ...goal(9), ...(req.body as object) }, 201));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'New Goal' }));
    // Today and the end of the month, in the reader's zone.
    expect(field('Start date').value).toBe('2026-03-04');
    expect(field('End date').value).toBe('2026-03-31');
    expect(field('Unit').value).toBe('books');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Goal' }));
    expect(await within(dialog()).findByText('target must be a whole number.')).toBeTruthy();
    fireEvent.change(field('Target'), { target: { value: '0' } });
    fireEvent.change(field('End date'), { target: { value: '2026-03-01' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Goal' }));
    expect(await within(dialog()).findByText('target must be 1 to 1000000.')).toBeTruthy();
    expect(field('Target').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field('Target'), { target: { value: '300' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Goal' }));
    expect(await within(dialog()).findByText('endDate must not be before startDate.')).toBeTruthy();
    expect(network.requests(`POST ${ReadingPaths.createGoal}`)).toHaveLength(0);

    // The unit follows the type.
    fireEvent.change(within(dialog()).getByLabelText('Goal type'), { target: { value: 'pages' } });
    expect(field('Unit').value).toBe('pages');
    fireEvent.change(field('End date'), { target: { value: '2026-03-31' } });
    const goalsBefore = network.requests(`GET ${paths.goals}`).length;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.requests(`POST ${ReadingPaths.createGoal}`)[0]!.body).toEqual({
      type: 'pages',
      target: 300,
      unit: 'pages',
      startDate: '2026-03-04',
      endDate: '2026-03-31',
      progress: 0,
      isCompleted: false,
    });
    await waitFor(() => expect(network.requests(`GET ${paths.goals}`).length).toBe(goalsBefore + 1));
  });

  it('says Failed to create reading goal when the server refuses, showing its field message', async () => {
    answer();
    network.answer(
      `POST ${ReadingPaths.createGoal}`,
      json(
        {
          error: {
            code: 'VALIDATION',
            message: 'You can have at most 100 reading goals.',
            issues: [{ path: 'body.target', message: 'target is too big here.' }],
          },
        },
        400,
      ),
    );
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'New Goal' }));
    fireEvent.change(field('Target'), { target: { value: '5' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Goal' }));
    await waitFor(() => expect(hasToast('Failed to create reading goal')).toBe(true));
    expect(getToasts().find((t) => t.title === 'Failed to create reading goal')!.message).toBe(
      'You can have at most 100 reading goals.',
    );
    expect(within(dialog()).getByText('target is too big here.')).toBeTruthy();
  });

  it('caps the percent at 100 and colours each goal as §4 says', async () => {
    answer({
      goals: [
        goal(1, { target: 20, progress: 25, unit: 'books', isCompleted: true }),
        goal(2, { target: 100, progress: 85, unit: 'pages' }),
        goal(3, { target: 100, progress: 50, unit: 'minutes' }),
        goal(4, { target: 100, progress: 49, unit: 'chapters' }),
      ],
    });
    renderScreen();
    const bar = async (name: string) => {
      const found = await screen.findByRole('progressbar', { name });
      return {
        percent: found.getAttribute('aria-valuenow'),
        colour: found.firstElementChild!.getAttribute('data-colour'),
      };
    };
    expect(await bar('Read 20 books progress')).toEqual({ percent: '100', colour: 'green' });
    expect(await bar('Read 100 pages progress')).toEqual({ percent: '85', colour: 'yellow' });
    expect(await bar('Read 100 minutes progress')).toEqual({ percent: '50', colour: 'blue' });
    expect(await bar('Read 100 chapters progress')).toEqual({ percent: '49', colour: 'gray' });
    const list = screen.getByRole('list', { name: 'Reading goals' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Completed')).toBeTruthy();
    expect(within(items[0]!).getByText('100%')).toBeTruthy();
    expect(within(items[1]!).queryByText('Completed')).toBeNull();
  });

  it('updates a goal progress, and says Failed to update goal progress when that fails', async () => {
    const g = goal(1, { target: 50, progress: 10 });
    answer({ goals: [g] });
    network.answer(`PATCH ${paths.goal(g.id)}`, (req) => json({ ...g, ...(req.body as object) }));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Update progress of Read 50 books' }));
    const input = screen.getByRole('spinbutton', { name: 'Progress (books) of Read 50 books' });
    fireEvent.change(input, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('progress must be 0 to 1000000.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.requests(`PATCH ${paths.goal(g.id)}`)).toHaveLength(1));
    expect(network.requests(`PATCH ${paths.goal(g.id)}`)[0]!.body).toEqual({ progress: 42 });
    await waitFor(() => expect(screen.queryByRole('spinbutton')).toBeNull());

    network.answer(`PATCH ${paths.goal(g.id)}`, apiError(500, 'Boom'));
    fireEvent.click(screen.getByRole('button', { name: 'Update progress of Read 50 books' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(hasToast('Failed to update goal progress')).toBe(true));
  });

  it('deletes a goal after asking', async () => {
    const g = goal(1);
    answer({ goals: [g] });
    network.answer(`DELETE ${paths.goal(g.id)}`, noContent());
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Read 100 books' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete reading goal' });
    expect(within(confirm).getByText(/This action cannot be undone\./)).toBeTruthy();
    expect(network.requests(`DELETE ${paths.goal(g.id)}`)).toHaveLength(0);
    network.answer(`GET ${paths.goals}`, []);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.requests(`DELETE ${paths.goal(g.id)}`)).toHaveLength(1));
    expect(await screen.findByText('No reading goals yet. Set one to keep yourself on track.')).toBeTruthy();
  });
});

describe('Achievements', () => {
  it('shows unlocked ones with their date and locked ones with their progress', async () => {
    answer();
    renderScreen();
    const unlocked = await screen.findByRole('listitem', { name: 'First Steps, unlocked' });
    expect(within(unlocked).getByText('Finish your first reading session')).toBeTruthy();
    expect(within(unlocked).getByText('Unlocked Mar 1, 2026')).toBeTruthy();
    expect(within(unlocked).queryByRole('progressbar')).toBeNull();

    const locked = screen.getByRole('listitem', { name: 'Week Streak, locked' });
    const bar = within(locked).getByRole('progressbar', { name: 'Week Streak progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('43');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 7');
    const hours = screen.getByRole('listitem', { name: 'Dedicated Reader, locked' });
    expect(within(hours).getByText('2.5 of 10 hours')).toBeTruthy();
  });
});

describe('Export Data', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads GET export?format=json as reading-progress-{date}.json, and CSV too', async () => {
    answer();
    network.answer(`GET ${paths.export}`, (req) =>
      new URLSearchParams(req.search).get('format') === 'csv'
        ? new Response('day,pages\n', {
            headers: { 'content-disposition': 'attachment; filename="reading-progress-2026-03-04.csv"' },
          })
        : json({ exportedAt: '2026-03-04T12:00:00.000Z' }),
    );
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Export Data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:export', download: 'reading-progress-2026-03-04.json' });
    const [request] = network.requests(`GET ${paths.export}`);
    expect(request!.search).toBe('?format=json');
    expect(request!.headers.get(TIME_ZONE_HEADER)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    fireEvent.click(screen.getByRole('button', { name: 'Export Data as CSV' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.download).toBe('reading-progress-2026-03-04.csv');
    expect(network.requests(`GET ${paths.export}`)[1]!.search).toBe('?format=csv');
  });

  it('says Failed to export reading data when the download fails', async () => {
    answer();
    network.answer(`GET ${paths.export}`, apiError(500, 'Boom'));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Export Data' }));
    await waitFor(() => expect(hasToast('Failed to export reading data')).toBe(true));
    expect(saved).toHaveLength(0);
  });
});

describe('Time zone', () => {
  it('counts days in the browser zone until another is saved, then reloads everything', async () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    answer();
    let saved: unknown = { timeZone: null };
    network.answer(`GET ${ReadingPaths.settings}`, () => json(saved));
    network.answer(`PUT ${ReadingPaths.settings}`, (req) => {
      saved = req.body;
      return json(req.body);
    });
    renderScreen();
    expect(await screen.findByText(browser)).toBeTruthy();
    expect(screen.getByText(/Days are counted in/).textContent).toBe(`Days are counted in ${browser}.`);
    await screen.findByLabelText('Reading statistics, This Month');

    fireEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Time zone' });
    expect(select.options[0]!.value).toBe(browser);
    expect([...select.options].map((o) => o.value)).toContain('Asia/Tokyo');
    const statsBefore = network.requests(`GET ${paths.stats}`).length;
    fireEvent.change(select, { target: { value: 'Asia/Tokyo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(network.requests(`PUT ${ReadingPaths.settings}`)).toHaveLength(1));
    expect(network.requests(`PUT ${ReadingPaths.settings}`)[0]!.body).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(await screen.findByText('Asia/Tokyo')).toBeTruthy();
    await waitFor(() => expect(network.requests(`GET ${paths.stats}`).length).toBeGreaterThan(statsBefore));
  });

  it('keeps the old zone and says so when saving fails', async () => {
    answer({ timeZone: 'Europe/London' });
    network.answer(
      `PUT ${ReadingPaths.settings}`,
      apiError(400, 'timeZone must be an IANA time zone such as Europe/London.'),
    );
    renderScreen();
    expect(await screen.findByText('Europe/London')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Time zone' }), { target: { value: 'Asia/Tokyo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(hasToast('Failed to save time zone')).toBe(true));
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeTruthy();
  });
});
