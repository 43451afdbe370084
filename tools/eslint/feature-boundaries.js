// Which folder may import which (DESIGN.md, EXAMPLES.md "Dependencies point one way"), checked on the path a
// relative import resolves to:
// - A feature does not import another feature. Server features share effects as domain events; a web feature
//   may read another only through that feature's side-effect-free `public.ts` (paths, query keys, small types).
// - The web's layers point one way, as bulletproof-react's lint zones do: app/ → features/ → components/, lib/.
//   A feature never imports app/, and components/ and lib/ import neither features/ nor app/. What a feature
//   needs from the app (a dialog of another feature, say) is passed in as a prop or through a context.
import path from 'node:path';

const FEATURE = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;
const WEB_LAYER = /^(.*[\\/]apps[\\/]web[\\/]src)[\\/]([^\\/]+)[\\/]/;

/**
 * The web source root a path is under, and the top folder (layer) of it that the path is in.
 * @param {string} file
 */
const webPlace = (file) => {
  const match = WEB_LAYER.exec(file);
  return match?.[1] && match[2] ? { root: match[1], layer: match[2] } : undefined;
};
/** The one module of a web feature that other features may import. */
const PUBLIC_MODULE = /^public(\.[jt]s)?$/;

/** The layers a web file in each top folder may not import. @type {Record<string, string[] | undefined>} */
const FORBIDDEN_LAYERS = {
  features: ['app'],
  components: ['features', 'app'],
  lib: ['features', 'app'],
};

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports between features and against the direction of the web layers' },
    messages: {
      crossFeature:
        'Feature "{{from}}" may not import feature "{{to}}". Move shared code to platform/ (server) or lib/ (web), or publish a domain event.',
      crossFeatureWeb:
        'Feature "{{from}}" may import feature "{{to}}" only through "{{to}}/public" (paths, query keys, small types); pass components in from app/ as props or a context.',
      upward:
        '{{from}}/ may not import {{to}}/: dependencies point app/ → features/ → components/, lib/. Pass what is needed in (props, a context) from above.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const fromFeature = FEATURE.exec(file)?.[1];
    const web = webPlace(file);
    const forbidden = (web && FORBIDDEN_LAYERS[web.layer]) ?? [];
    if (!fromFeature && forbidden.length === 0) return {};

    /** @param {any} node an import or export declaration, or an import() expression */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = `${path.resolve(path.dirname(file), source)}/`;
      const to = webPlace(target);
      if (web && to?.root === web.root && forbidden.includes(to.layer)) {
        context.report({ node, messageId: 'upward', data: { from: web.layer, to: to.layer } });
        return;
      }
      const into = FEATURE.exec(target);
      if (!into || !fromFeature || into[1] === fromFeature) return;
      const data = { from: fromFeature, to: into[1] };
      if (!web) context.report({ node, messageId: 'crossFeature', data });
      else if (!PUBLIC_MODULE.test(target.slice(into.index + into[0].length, -1))) {
        context.report({ node, messageId: 'crossFeatureWeb', data });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
