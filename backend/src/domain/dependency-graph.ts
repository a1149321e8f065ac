// Test case dependencies: Resume From (one) and Wait For (many). Pure graph rules.

export interface DependencyEdges {
  resumeFrom: string | null;
  waitFor: readonly string[];
}

export type DependencyMap = ReadonlyMap<string, DependencyEdges>;

export function dependenciesOf(edges: DependencyEdges | undefined): string[] {
  if (!edges) return [];
  const all = edges.resumeFrom ? [edges.resumeFrom, ...edges.waitFor] : [...edges.waitFor];
  return [...new Set(all)];
}

/** The given test cases plus everything they depend on, transitively, in first-seen order. */
export function withDependencies(ids: readonly string[], graph: DependencyMap): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    order.push(id);
    for (const dep of dependenciesOf(graph.get(id))) visit(dep);
  };
  for (const id of ids) visit(id);
  return order;
}

/** A cycle as a list of ids (first repeated at the end), or null when the graph is acyclic. */
export function findCycle(graph: DependencyMap): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    const s = state.get(id);
    if (s === 'done') return null;
    if (s === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const dep of dependenciesOf(graph.get(id))) {
      const cycle = visit(dep);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of [...graph.keys()].sort()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return null;
}

/** Dependencies before dependents; ties keep the input order. Assumes an acyclic graph. */
export function topologicalOrder(ids: readonly string[], graph: DependencyMap): string[] {
  const included = new Set(ids);
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (id: string) => {
    if (done.has(id)) return;
    done.add(id);
    for (const dep of dependenciesOf(graph.get(id))) if (included.has(dep)) visit(dep);
    order.push(id);
  };
  for (const id of ids) visit(id);
  return order;
}
