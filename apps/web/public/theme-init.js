/* global document, matchMedia */
// Runs before the app bundle so a reload paints in the saved theme instead of flashing the other one.
// An external file because the Content-Security-Policy allows no inline script. Mirrors src/lib/theme.tsx.
(function () {
  var dark = false;
  try {
    var stored = localStorage.getItem('theme');
    dark = stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // Storage or matchMedia unavailable: light, and the app decides once it runs.
  }
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
