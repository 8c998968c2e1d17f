// vigil/no-scope-internals: a feature or job never reads the caller's role, offices or patient id
// from a Scope (packages/api/src/db/scope.ts) to decide or filter on its own. Tenancy has one home,
// db/scope.ts (filters) and db/visible.ts (office / patient look-ups); a decision is a permission,
// `can(scope.role, ...)` (the contract's permission map, common/permissions.ts), never a role list
// (HOUSE_STYLE section 8, docs/architecture.md "Feature boundaries").
//
// Type-aware: what counts is the value's type, not its name, so `const { role } = scope`,
// `const s = scope; s.role === 'x'` and a parameter named otherwise are reported as well. A value
// is a Scope when its type is the `Scope` interface declared in db/scope.ts, directly or through
// an alias, a union (with null / undefined), an intersection, an interface that extends it or a
// type parameter constrained by it; a property also counts when its declaration is Scope's own
// (`Readonly<Scope>`, `Pick<Scope, 'role'>`, the rest of a destructured Scope).
//
// Allowed: `scope.role` as the first argument of the contract's `can(...)`; every other field of
// a Scope (`userId`, `organizationId`, `lang`, ...).

import path from 'node:path';
import ts from 'typescript';

const INTERNALS = new Set(['role', 'officeIds', 'patientId']);
const SCOPE_FILE = path.join('packages', 'api', 'src', 'db', 'scope.ts');
const CONTRACT_DIR = `${path.sep}packages${path.sep}contract${path.sep}`;

/** Whether `fileName` is db/scope.ts (by its path inside the repository). */
const isScopeFile = (fileName) => path.normalize(fileName).endsWith(path.sep + SCOPE_FILE);

/** Whether `declaration` is the `Scope` interface (or type alias) of db/scope.ts. */
function isScopeDeclaration(declaration) {
  if (!(ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration))) {
    return false;
  }
  return declaration.name.text === 'Scope' && isScopeFile(declaration.getSourceFile().fileName);
}

/** The name of a non-computed key, or of a computed key written as a string literal. */
function keyName(node, computed) {
  if (!computed && node.type === 'Identifier') {
    return node.name;
  }
  if (node.type === 'Literal' && typeof node.value === 'string') {
    return node.value;
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis[0].value.cooked;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Forbid reading a Scope's role, officeIds or patientId in features and jobs (tenancy lives in db/scope.ts and db/visible.ts; decisions go through can()).",
    },
    schema: [],
    messages: {
      member:
        'Do not read `{{name}}` from a Scope: tenancy lives in db/scope.ts and db/visible.ts (officeFilter, patientRowFilter, isOfficeInScope, getOfficeInScope, isPatient, isSystemAdmin), and a decision is a permission, can(scope.role, ...) (contract common/permissions.ts), never a role list.',
      destructure:
        'Do not take `{{name}}` out of a Scope: tenancy lives in db/scope.ts and db/visible.ts, and a decision is a permission, can(scope.role, ...) (contract common/permissions.ts), never a role list.',
    },
  },

  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) {
      throw new Error(
        'vigil/no-scope-internals needs type information: lint the file with the typescript-eslint parser and parserOptions.projectService (or project).',
      );
    }
    const checker = services.program.getTypeChecker();

    const typeCache = new Map();

    /** Whether `type` is (or contains, through union / intersection / extends / constraint) Scope. */
    function isScopeType(type) {
      if (!type) {
        return false;
      }
      if (!typeCache.has(type)) {
        typeCache.set(type, containsScope(type, new Set()));
      }
      return typeCache.get(type);
    }

    function containsScope(type, seen) {
      if (seen.has(type)) {
        return false;
      }
      seen.add(type);
      return computeIsScope(type, seen);
    }

    function computeIsScope(type, seen) {
      if (type.isUnion() || type.isIntersection()) {
        return type.types.some((t) => containsScope(t, seen));
      }
      if (type.flags & ts.TypeFlags.TypeParameter) {
        const constraint = checker.getBaseConstraintOfType(type);
        return constraint !== undefined && constraint !== type && containsScope(constraint, seen);
      }
      const symbol = type.getSymbol() ?? type.aliasSymbol;
      if (symbol?.declarations?.some((d) => isScopeDeclaration(d))) {
        return true;
      }
      if (type.aliasSymbol?.declarations?.some((d) => isScopeDeclaration(d))) {
        return true;
      }
      const objectFlags = type.flags & ts.TypeFlags.Object ? type.objectFlags : 0;
      const target = objectFlags & ts.ObjectFlags.Reference ? type.target : type;
      if (target.objectFlags & ts.ObjectFlags.ClassOrInterface) {
        return (checker.getBaseTypes(target) ?? []).some((base) => containsScope(base, seen));
      }
      return false;
    }

    /** Whether the property symbol `symbol` is declared by the Scope interface itself. */
    function isScopeProperty(symbol) {
      return !!symbol?.declarations?.some((d) => {
        const owner = d.parent;
        return owner !== undefined && isScopeDeclaration(owner);
      });
    }

    /** Whether the value at `esNode` is a Scope (or an untyped value named `scope`). */
    function isScopeValue(esNode) {
      const tsNode = services.esTreeNodeToTSNodeMap.get(esNode);
      const type = checker.getTypeAtLocation(tsNode);
      if (isScopeType(type)) {
        return true;
      }
      // What the old name-based selectors caught: `scope.role` on a value that lost its type.
      const untyped = type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown);
      return !!untyped && esNode.type === 'Identifier' && esNode.name === 'scope';
    }

    /** `can(<node>, ...)` with the contract's `can`. */
    function isFirstArgumentOfCan(node) {
      let arg = node;
      if (arg.parent?.type === 'ChainExpression') {
        arg = arg.parent;
      }
      const call = arg.parent;
      if (call?.type !== 'CallExpression' || call.arguments[0] !== arg) {
        return false;
      }
      const callee = call.callee;
      const name = callee.type === 'Identifier' ? callee : callee.type === 'MemberExpression' && !callee.computed ? callee.property : null;
      if (name?.type !== 'Identifier' || name.name !== 'can') {
        return false;
      }
      // The permission map's `can`, not a local function of the same name.
      let symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(name));
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
        symbol = checker.getAliasedSymbol(symbol);
      }
      return !!symbol?.declarations?.some((d) => path.normalize(d.getSourceFile().fileName).includes(CONTRACT_DIR));
    }

    /** The type an object pattern takes its properties from. */
    function patternSourceType(pattern) {
      const parent = pattern.parent;
      if (parent?.type === 'AssignmentExpression' && parent.left === pattern) {
        return checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(parent.right));
      }
      if (parent?.type === 'AssignmentPattern' && parent.left === pattern) {
        // `{ role } = scope` as a parameter's default: the parameter's type (and the default's).
        const declared = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(pattern));
        if (isScopeType(declared)) {
          return declared;
        }
        return checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(parent.right));
      }
      if (parent?.type === 'Property' && parent.value === pattern && parent.parent?.type === 'ObjectPattern') {
        // A nested pattern: the property's type in the outer pattern's source.
        const outer = patternSourceType(parent.parent);
        const name = keyName(parent.key, parent.computed);
        const prop = outer && name !== null ? checker.getPropertyOfType(checker.getNonNullableType(outer), name) : undefined;
        if (prop) {
          return checker.getTypeOfSymbolAtLocation(prop, services.esTreeNodeToTSNodeMap.get(pattern));
        }
      }
      return checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(pattern));
    }

    return {
      MemberExpression(node) {
        const name = keyName(node.property, node.computed);
        if (name === null || !INTERNALS.has(name)) {
          return;
        }
        const tsNode = services.esTreeNodeToTSNodeMap.get(node);
        const property = tsNode.name ?? tsNode.argumentExpression;
        const isScope = isScopeValue(node.object) || isScopeProperty(checker.getSymbolAtLocation(property));
        if (!isScope) {
          return;
        }
        if (name === 'role' && isFirstArgumentOfCan(node)) {
          return;
        }
        context.report({ node, messageId: 'member', data: { name } });
      },

      ObjectPattern(pattern) {
        let source;
        for (const property of pattern.properties) {
          if (property.type !== 'Property') {
            continue;
          }
          const name = keyName(property.key, property.computed);
          if (name === null || !INTERNALS.has(name)) {
            continue;
          }
          source ??= patternSourceType(pattern);
          const prop = source ? checker.getPropertyOfType(checker.getNonNullableType(source), name) : undefined;
          if (isScopeType(source) || isScopeProperty(prop)) {
            context.report({ node: property, messageId: 'destructure', data: { name } });
          }
        }
      },
    };
  },
};

