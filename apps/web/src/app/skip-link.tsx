export const MAIN_CONTENT_ID = 'main-content';

/** First stop for keyboard users: jumps past the header and the sidebar. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      // Focus rather than a #hash navigation, which the router would record as a new location.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className="sr-only rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100]"
    >
      Skip to content
    </a>
  );
}
