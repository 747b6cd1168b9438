"""Graph algorithms behind the Tents matching technique: covering an unmatched tent along
an alternating path and strongly connected components of the alternating graph."""

from __future__ import annotations

from crossforge.plugins.puzzles.tents.geometry import UNKNOWN, Geometry


def cover(
    x: int,
    state: bytearray,
    takers: dict[int, list[int]],
    match_cell: dict[int, int],
    match_tree: dict[int, int],
) -> bool:
    """Bring the unmatched tent ``x`` into the matching along an alternating path: a tree
    that could take ``x`` gives up its cell, and so on until a tree gives up an open
    cell. False when no such path exists (no matching covers ``x``)."""
    parent: dict[int, tuple[int, int]] = {}
    queue = [x]
    seen = {x}
    for cell in queue:
        for t in takers.get(cell, ()):
            own = match_tree[t]
            if own in seen:
                continue
            seen.add(own)
            parent[own] = (t, cell)
            if state[own] != UNKNOWN:
                queue.append(own)
                continue
            del match_cell[own]
            while True:
                tree, prev = parent[own]
                match_tree[tree], match_cell[prev] = prev, tree
                if prev == x:
                    return True
                own = prev
    return False


def pair_names(geo: Geometry, pairs: list[tuple[int, int]]) -> list[str]:
    return [f"{geo.tree_name(t)}→{geo.name(c)}" for t, c in pairs]


def components(graph: dict[int, list[int]]) -> dict[int, int]:
    """Strongly connected components (iterative Tarjan): node → component number."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    comp: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, i = work[-1]
            edges = graph.get(node, ())
            if i < len(edges):
                work[-1] = (node, i + 1)
                nxt = edges[i]
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp[member] = node
                    if member == node:
                        break
    return comp
