"""Fill-strategy plugins: backtracking, genetic algorithm, simulated annealing."""
