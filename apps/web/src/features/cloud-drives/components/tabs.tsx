import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusRing } from '../../../components/ui/button-styles';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: ReactNode;
}

interface TabsProps<T extends string> {
  /** Prefix of the tabs' and panels' element ids. */
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<T>[];
  active: T;
  onSelect: (id: T) => void;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop, Left/Right (wrapping), Home and End move
 * to a tab and show it. The panel is the caller's (role tabpanel, labelled by the tab, see panelProps).
 */
export function Tabs<T extends string>({ idPrefix, label, tabs, active, onSelect }: TabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.id === active);
    const next = {
      ArrowRight: (at + 1) % tabs.length,
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    list.current?.ownerDocument.getElementById(tabId(idPrefix, tab.id))?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={move}
      className="flex gap-1 border-b border-gray-200 dark:border-gray-800"
    >
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            // On a phone the tabs share the width and a long label wraps, rather than scrolling out of view.
            className={`-mb-px inline-flex min-w-0 flex-1 items-center justify-center gap-2 rounded-t-md border-b-2 px-2 py-2 text-center text-sm leading-tight font-medium transition-colors sm:flex-none sm:px-3 sm:whitespace-nowrap ${focusRing} ${
              selected
                ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900 dark:text-gray-400 dark:hover:border-gray-700 dark:hover:text-gray-100'
            }`}
          >
            {tab.icon && <span className="hidden shrink-0 sm:inline-flex">{tab.icon}</span>}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The attributes of the panel of tab `id`. */
export const panelProps = (prefix: string, id: string) => ({
  id: panelId(prefix, id),
  role: 'tabpanel' as const,
  'aria-labelledby': tabId(prefix, id),
  tabIndex: 0,
});
