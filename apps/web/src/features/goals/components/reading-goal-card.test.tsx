import { DEFAULT_READING_GOAL } from '@bookshelf/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadingGoalCard } from './reading-goal-card';

afterEach(cleanup);

const renderCard = (booksRead: number, goal: number, collapsed = false) =>
  render(
    <MemoryRouter>
      <ReadingGoalCard booksRead={booksRead} goal={goal} collapsed={collapsed} />
    </MemoryRouter>,
  );

describe('ReadingGoalCard (spec core.md §2)', () => {
  it('shows books read out of the goal for the current year', () => {
    renderCard(12, DEFAULT_READING_GOAL);
    const year = new Date().getFullYear();
    expect(screen.getByText(`Reading Goal ${year}`)).toBeTruthy();
    expect(screen.getByText('12 / 50 books')).toBeTruthy();
    expect(screen.getByText('Click to edit goal')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect(bar.getAttribute('aria-valuetext')).toBe('12 of 50 books');
  });

  it('caps the bar at 100% when the goal is passed', () => {
    renderCard(75, 50);
    expect(screen.getByText('75 / 50 books')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
  });

  it('is a single Goal icon link when collapsed', () => {
    renderCard(3, 50, true);
    const link = screen.getByRole('link', { name: 'Reading goal' });
    expect(link.getAttribute('href')).toBe('/settings?tab=reading-goal');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
