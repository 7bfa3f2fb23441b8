/** The navigation data model: the import/export container and the nodes of a tree per market-locale. */

export const NODE_TYPES = ['PAGE', 'LABEL', 'LINK'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const NAVIGATION_IMPORT_TYPES = ['PARTIAL', 'FULL', 'FORCE'] as const;
/**
 * PARTIAL amends the tree; FULL replaces every node that came from API imports and keeps the nodes made in
 * the merchandising application; FORCE replaces everything.
 */
export type NavigationImportType = (typeof NAVIGATION_IMPORT_TYPES)[number];

/** A node as imported and exported. */
export interface NavigationNode {
  id: string;
  title: string;
  type: NodeType;
  customData?: Record<string, string>;
  iconPath?: string;
  /** Required for PAGE nodes, only on them. */
  pageId?: string;
  /** Absent for top-level nodes; the parent is always a PAGE node. */
  parentId?: string;
  /** Required for LINK nodes, only on them. */
  url?: string;
}

/** The import body, validated. */
export interface NavigationImport {
  market: string;
  locale: string;
  type: NavigationImportType;
  addOrUpdate: NavigationNode[];
  /** PARTIAL only. */
  remove: string[];
}

/** The export result: a FULL container. */
export interface NavigationContainer {
  market: string;
  locale: string;
  type: 'FULL';
  addOrUpdate: NavigationNode[];
}

/** Where a node came from: an API import, or the merchandising application (FULL imports keep those). */
export type NodeOrigin = 'import' | 'app';

export interface StoredNode extends NavigationNode {
  origin: NodeOrigin;
}

/** A node at its place in the tree: `position` orders the whole tree (parents first, siblings in order). */
export interface PlacedNode extends StoredNode {
  position: number;
  depth: number;
}

/** The storefront's view: nodes nested under their parents, siblings in order. */
export interface NavigationTreeNode extends StoredNode {
  children: NavigationTreeNode[];
}
