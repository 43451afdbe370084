// Features do not import each other (DESIGN.md): a relative import from src/features/<a>/… that resolves
// into src/features/<b>/… is an error. Cross-feature effects travel as domain events instead.
import path from 'node:path';

const FEATURE = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports between feature folders' },
    messages: {
      crossFeature:
        'Feature "{{from}}" may not import feature "{{to}}". Move shared code to platform/ (server) or lib/ (web), or publish a domain event.',
    },
    schema: [],
  },
  create(context) {
    const from = FEATURE.exec(context.filename)?.[1];
    if (!from) return {};
    /** @param {any} node an import or export declaration, or an import() expression */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = FEATURE.exec(`${target}/`)?.[1];
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
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
