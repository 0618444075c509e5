// The notebook tests/e2e/notebook.test.mjs executes: a reader's own
// arrays streamed into a Playground (written to stream.csv too, for the
// command line), then bad input, each refusal printed as the reader sees it.
export const ROWS = 60;

const code = (source) => ({ cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source });

export const NOTEBOOK = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
  cells: [
    code(`import numpy as np
from onlinelearn_widget import Playground
rng = np.random.default_rng(7)
X = rng.uniform(-1.5, 1.5, (${ROWS}, 2)).round(3)  # in the plane's view, kept to 0.001
y = np.where(X @ [1.0, -0.6] + 0.3 + rng.normal(0, 0.8, ${ROWS}) > 0, 1, 0)
np.savetxt("stream.csv", np.column_stack([X, y]), delimiter=",", fmt="%.3f")`),
    code(`fig = Playground(data=(X, y), algo="pa1", c=0.1, controls="play,step", id="fig")
fig`),
    code('fig.step(len(X))'),
    code(`bad = [(np.column_stack([X, X[:, 0]]), y), (np.where(np.arange(${ROWS * 2}).reshape(${ROWS}, 2) == 9, np.nan, X), y), (X, np.r_[y[:2], 0.5, y[3:]])]
for data in bad:
    try:
        Playground(data=data)
    except ValueError as error:
        print(f"{type(error).__name__}: {error}")`),
  ],
};
