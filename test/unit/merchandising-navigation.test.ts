import assert from 'node:assert/strict';
import { applyNavigationImport, mergeSiblings } from '../../src/merchandising/navigation/tree';
import { navigationContainer, nestTree } from '../../src/merchandising/navigation/shape';
import type { NavigationImport, NavigationNode, NodeOrigin, PlacedNode, StoredNode } from '../../src/merchandising/navigation/types';

/** A PAGE node; `parent` optional. */
const page = (id: string, parentId?: string): NavigationNode => ({
  id,
  title: id.toUpperCase(),
  type: 'PAGE',
  pageId: `/${id}`,
  ...(parentId ? { parentId } : {}),
});
const label = (id: string, parentId?: string): NavigationNode => ({ id, title: id, type: 'LABEL', ...(parentId ? { parentId } : {}) });
const stored = (n: NavigationNode, origin: NodeOrigin = 'import'): StoredNode => ({ ...n, origin });

const request = (type: NavigationImport['type'], addOrUpdate: NavigationNode[], remove: string[] = []): NavigationImport => ({
  market: 'SE',
  locale: 'sv-SE',
  type,
  addOrUpdate,
  remove,
});

/** The tree as indented ids (two spaces per level), app nodes marked with `*`. */
const outline = (nodes: readonly PlacedNode[]) => nodes.map((n) => `${'  '.repeat(n.depth)}${n.id}${n.origin === 'app' ? '*' : ''}`);

function apply(existing: readonly StoredNode[], req: NavigationImport): PlacedNode[] {
  const result = applyNavigationImport(existing, req);
  if (!result.ok) assert.fail(`unexpected problems: ${JSON.stringify(result.problems.errors)}`);
  return result.nodes;
}

function problems(existing: readonly StoredNode[], req: NavigationImport) {
  const result = applyNavigationImport(existing, req);
  if (result.ok) assert.fail('expected problems');
  return result.problems.errors;
}

/** Root a, b, c; a has a1, a2; a2 has a21. */
const base = () => apply([], request('FORCE', [page('a'), page('b'), page('c'), page('a1', 'a'), page('a2', 'a'), page('a21', 'a2')]));

describe('navigation tree: sibling merge', () => {
  it('appends newcomers after the staying siblings when no imported node stays', () => {
    assert.deepEqual(mergeSiblings(['a', 'b'], ['x', 'y']), ['a', 'b', 'x', 'y']);
  });
  it('puts imported staying nodes in their imported order in the places they held', () => {
    assert.deepEqual(mergeSiblings(['a', 'b', 'c', 'd'], ['c', 'x', 'a']), ['c', 'x', 'b', 'a', 'd']);
  });
  it('lets leading newcomers join the first imported group', () => {
    assert.deepEqual(mergeSiblings(['a', 'b'], ['x', 'b', 'y']), ['a', 'x', 'b', 'y']);
  });
});

describe('navigation tree: import types', () => {
  it('lays a new tree out parents first, siblings in order of appearance, with positions and depths', () => {
    const nodes = base();
    assert.deepEqual(outline(nodes), ['a', '  a1', '  a2', '    a21', 'b', 'c']);
    assert.deepEqual(
      nodes.map((n) => n.position),
      [0, 1, 2, 3, 4, 5],
    );
    assert.deepEqual(nodes[1], { ...page('a1', 'a'), origin: 'import', position: 1, depth: 1 });
  });

  it('PARTIAL updates a node in place; new nodes follow the imported node before them, or end their level', () => {
    const nodes = apply(base(), request('PARTIAL', [{ ...page('b'), title: 'Bee' }, page('d'), page('a3', 'a')]));
    assert.deepEqual(outline(nodes), ['a', '  a1', '  a2', '    a21', '  a3', 'b', 'd', 'c']);
    assert.equal(nodes.find((n) => n.id === 'b')!.title, 'Bee');
  });

  it('PARTIAL reorders imported siblings and keeps the others at their relative positions', () => {
    assert.deepEqual(outline(apply(base(), request('PARTIAL', [page('c'), page('a')]))), ['c', 'b', 'a', '  a1', '  a2', '    a21']);
  });

  it('PARTIAL moves a node with its subtree; the old and new siblings keep their relative order', () => {
    const nodes = apply(base(), request('PARTIAL', [page('a2', 'c')]));
    assert.deepEqual(outline(nodes), ['a', '  a1', 'b', 'c', '  a2', '    a21']);
  });

  it('PARTIAL removes a node with its descendants and ignores ids that do not exist', () => {
    assert.deepEqual(outline(apply(base(), request('PARTIAL', [], ['a', 'nope']))), ['b', 'c']);
  });

  it('PARTIAL keeps a child the same import moves out of a removed parent, with its own children', () => {
    assert.deepEqual(outline(apply(base(), request('PARTIAL', [page('a2', 'b')], ['a']))), ['b', '  a2', '    a21', 'c']);
  });

  it('FULL replaces imported nodes and keeps app nodes at their relative positions', () => {
    const existing = [stored(page('a')), stored(page('x'), 'app'), stored(page('b')), stored(label('y', 'b'), 'app'), stored(page('c'))];
    const nodes = apply(existing, request('FULL', [page('c'), page('b'), page('d')]));
    assert.deepEqual(outline(nodes), ['x*', 'c', 'b', '  y*', 'd']);
  });

  it('FULL deletes app nodes whose parent is gone, with their descendants', () => {
    const existing = [stored(page('a')), stored(page('x', 'a'), 'app'), stored(label('x1', 'x'), 'app'), stored(page('b'))];
    assert.deepEqual(outline(apply(existing, request('FULL', [page('b')]))), ['b']);
  });

  it('FULL takes over an app node imported with the same id', () => {
    const nodes = apply([stored(page('x'), 'app')], request('FULL', [page('x')]));
    assert.deepEqual(outline(nodes), ['x']);
  });

  it('FORCE drops everything, app nodes included, and uses the imported order', () => {
    const existing = [stored(page('a')), stored(page('x'), 'app'), stored(page('b'))];
    assert.deepEqual(outline(apply(existing, request('FORCE', [page('b'), page('a')]))), ['b', 'a']);
  });
});

describe('navigation tree: problems', () => {
  it('refuses a parent that is in neither the import nor the tree', () => {
    assert.deepEqual(problems(base(), request('PARTIAL', [page('z', 'missing')])), [
      { path: 'addOrUpdate[0].parentId', message: 'no node "missing" in this import or in the navigation of SE/sv-SE' },
    ]);
  });
  it('refuses a parent that FULL does not keep', () => {
    assert.match(problems(base(), request('FULL', [page('a1', 'a')]))[0].message, /no node "a"/);
  });
  it('refuses a parent that is not a PAGE', () => {
    const errors = problems([], request('FORCE', [label('l'), page('p', 'l')]));
    assert.deepEqual(errors, [{ path: 'addOrUpdate[1].parentId', message: 'node "l" is a LABEL; only PAGE nodes can have children' }]);
  });
  it('refuses a parent removed by the same import', () => {
    assert.match(problems(base(), request('PARTIAL', [page('z', 'a')], ['a']))[0].message, /"a" is removed by this import/);
  });
  it('refuses a node whose ancestor the same import removes', () => {
    assert.deepEqual(problems(base(), request('PARTIAL', [page('z', 'a2')], ['a'])), [
      { path: 'addOrUpdate[0].parentId', message: 'its ancestor "a" is removed by this import' },
    ]);
  });
  it('refuses a node under an app node that FULL deletes because its parent is gone', () => {
    const existing = [stored(page('a')), stored(page('x', 'a'), 'app')];
    assert.deepEqual(problems(existing, request('FULL', [page('z', 'x')])), [
      { path: 'addOrUpdate[0].parentId', message: 'its ancestor "x" is deleted: its parent "a" is not in this import' },
    ]);
  });
  it('refuses cycles', () => {
    const errors = problems(base(), request('PARTIAL', [page('a', 'a21')]));
    assert.deepEqual(errors, [{ path: 'addOrUpdate[0].parentId', message: 'would make a cycle: a → a21 → a2 → a' }]);
  });
  it('refuses turning a parent into a LABEL while it keeps children', () => {
    assert.deepEqual(problems(base(), request('PARTIAL', [label('a2', 'a')])), [
      { path: 'addOrUpdate[0].type', message: 'node "a2" has child nodes not in this import ("a21"); only PAGE nodes can have children' },
    ]);
  });
});

describe('navigation shaping', () => {
  const existing = apply([stored(page('a')), stored(page('x', 'a'), 'app'), stored(page('x1', 'x')), stored(page('b'))], request('PARTIAL', []));

  it('exports a FULL container in tree order, with or without app nodes', () => {
    assert.deepEqual(navigationContainer('SE', 'sv-SE', existing, true), {
      market: 'SE',
      locale: 'sv-SE',
      type: 'FULL',
      addOrUpdate: [page('a'), page('x', 'a'), page('x1', 'x'), page('b')],
    });
    assert.deepEqual(navigationContainer('SE', 'sv-SE', existing, false).addOrUpdate, [page('a'), page('x1', 'x'), page('b')]);
  });

  it('nests the tree for the storefront, leaving out app subtrees when asked', () => {
    const tree = nestTree(existing, true);
    assert.deepEqual(
      tree.map((n) => n.id),
      ['a', 'b'],
    );
    assert.deepEqual(tree[0].children, [{ ...page('x', 'a'), origin: 'app', children: [{ ...page('x1', 'x'), origin: 'import', children: [] }] }]);
    assert.deepEqual(nestTree(existing, false)[0].children, []);
  });
});
