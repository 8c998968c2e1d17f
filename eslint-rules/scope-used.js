// vigil/scope-used: a function that takes the caller's Scope uses it (docs/architecture.md
// "Repository handles"). A repository that accepted a scope and ignored it trusted its caller
// with the tenant filter; the fix is to filter with db/scope.ts, to check the office it writes
// (`assertOfficeInScope`), or to take a handle that says what it is instead: a `CatalogueDb` for
// rows of no tenant, a `SystemDb` for the server's own cross-tenant work, a bare executor for a
// lock or a yes/no uniqueness probe (db/handles.ts).
//
// Type-aware, like vigil/no-scope-internals: a parameter counts when its type is (or contains,
// through a union with null / undefined) the `Scope` interface of db/scope.ts, whatever its name;
// `_scope` does not silence it. A parameter is used when the function body reads it at least once.
// Functions without a body (overloads, declarations) are not checked.

import path from 'node:path';
import ts from 'typescript';

const SCOPE_FILE = path.join('packages', 'api', 'src', 'db', 'scope.ts');

/** Whether `declaration` is the `Scope` interface of db/scope.ts. */
function isScopeDeclaration(declaration) {
  return (
    (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) &&
    declaration.name.text === 'Scope' &&
    path.normalize(declaration.getSourceFile().fileName).endsWith(path.sep + SCOPE_FILE)
  );
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A function that takes a Scope must use it (filter with db/scope.ts, or take a CatalogueDb / SystemDb / executor instead).' },
    schema: [],
    messages: {
      unused:
        'The scope parameter `{{name}}` is never used: filter the rows with db/scope.ts (officeFilter, patientRowFilter, userFilter, ...) or check the office written (assertOfficeInScope); rows of no tenant take a CatalogueDb, the server\'s own cross-tenant work a SystemDb, a lock or uniqueness probe a bare executor (db/handles.ts, docs/architecture.md "Repository handles").',
    },
  },

  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) {
      throw new Error('vigil/scope-used needs type information (typescript-eslint parser with parserOptions.projectService).');
    }
    const checker = services.program.getTypeChecker();

    /** Whether `type` is Scope, or a union holding it. */
    function isScopeType(type) {
      if (type.isUnion()) { return type.types.some(isScopeType); }
      const symbol = type.aliasSymbol ?? type.getSymbol();
      return !!symbol?.declarations?.some(isScopeDeclaration);
    }

    function check(fn) {
      if (!fn.body) { return; }
      for (const param of fn.params) {
        const id = param.type === 'AssignmentPattern' ? param.left : param;
        if (id.type !== 'Identifier') { continue; }
        const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(id));
        if (!isScopeType(type)) { continue; }
        const variable = context.sourceCode.getDeclaredVariables(fn).find((v) => v.identifiers.includes(id));
        const used = variable ? variable.references.some((ref) => ref.identifier !== id && ref.isRead()) : true;
        if (!used) { context.report({ node: id, messageId: 'unused', data: { name: id.name } }); }
      }
    }

    return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
  },
};
