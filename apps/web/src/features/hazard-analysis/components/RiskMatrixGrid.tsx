import { useMediaQuery } from '@mantine/hooks';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { permitRiskCaptions, type PermitRiskLevel } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../HazardAnalysis.module.css';

/** Phones: the severity names move above their rows (see below). */
const COMPACT_QUERY = '(max-width: 36em)';

export interface MatrixShape {
  severityLabels: readonly string[];
  likelihoodLabels: readonly string[];
  cells: readonly (readonly PermitRiskLevel[])[];
}

interface RiskMatrixGridProps {
  matrix: MatrixShape;
  /** What the table is for ("Risk before controls"). */
  caption: string;
  /** The picked cell (1-based), or null. */
  value: { severity: number; likelihood: number } | null;
  onPick: (severity: number, likelihood: number) => void;
  /** Each cell's accessible name (severity, likelihood, risk word). */
  cellLabel: (severity: string, likelihood: string, risk: string) => string;
  disabled?: boolean;
}

/**
 * The coloured risk matrix people know: severity rows (most severe on top), likelihood columns,
 * each cell coloured and worded by its risk level. A tap picks a cell; from the keyboard it is one
 * tab stop and the arrow keys move between cells (the ARIA grid pattern's roving focus).
 */
export function RiskMatrixGrid({ matrix, caption, value, onPick, cellLabel, disabled }: RiskMatrixGridProps) {
  const t = useCaptions();
  const table = useRef<HTMLTableElement>(null);
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const rows = matrix.severityLabels.length;
  const cols = matrix.likelihoodLabels.length;
  // Most severe first, as risk registers print them.
  const severities = Array.from({ length: rows }, (_, i) => rows - i);
  const current = value ?? { severity: 1, likelihood: 1 };

  const focusCell = (severity: number, likelihood: number) =>
    table.current?.querySelector<HTMLButtonElement>(`[data-cell="${severity}-${likelihood}"]`)?.focus();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, severity: number, likelihood: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [1, 0],
      ArrowDown: [-1, 0],
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const s = Math.min(rows, Math.max(1, severity + move[0]));
    const l = Math.min(cols, Math.max(1, likelihood + move[1]));
    focusCell(s, l);
  };

  const likelihoodHeads = matrix.likelihoodLabels.map((label, i) => (
    <th key={i} scope="col">
      {label}
    </th>
  ));
  const cellsOf = (severity: number): ReactNode[] =>
    matrix.likelihoodLabels.map((likelihoodLabel, i) => {
      const likelihood = i + 1;
      const risk = matrix.cells[severity - 1]?.[i] ?? 'low';
      const word = t(permitRiskCaptions[risk]);
      const picked = value?.severity === severity && value.likelihood === likelihood;
      const tabbable = current.severity === severity && current.likelihood === likelihood;
      return (
        <td key={likelihood}>
          <button
            type="button"
            data-cell={`${severity}-${likelihood}`}
            className={`${classes.cell} ${classes.level} ${classes[risk]} ${picked ? classes.picked : ''}`}
            aria-pressed={picked}
            aria-label={cellLabel(matrix.severityLabels[severity - 1]!, likelihoodLabel, word)}
            tabIndex={tabbable ? 0 : -1}
            disabled={disabled}
            onClick={() => onPick(severity, likelihood)}
            onKeyDown={(event) => onKeyDown(event, severity, likelihood)}
          >
            {picked ? `✓ ${word}` : word}
          </button>
        </td>
      );
    });

  // On a phone a column of severity names would leave each cell too narrow for its word at a
  // readable size: each severity's name heads its own row of cells instead (a row group).
  if (compact) {
    return (
      <table className={`${classes.matrix} ${classes.compact}`} ref={table}>
        <caption>{caption}</caption>
        <thead>
          <tr>{likelihoodHeads}</tr>
        </thead>
        {severities.map((severity) => (
          <tbody key={severity}>
            <tr>
              <th scope="rowgroup" colSpan={cols}>
                {matrix.severityLabels[severity - 1]}
              </th>
            </tr>
            <tr>{cellsOf(severity)}</tr>
          </tbody>
        ))}
      </table>
    );
  }
  return (
    <table className={classes.matrix} ref={table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td className={classes.corner} />
          {likelihoodHeads}
        </tr>
      </thead>
      <tbody>
        {severities.map((severity) => (
          <tr key={severity}>
            <th scope="row">{matrix.severityLabels[severity - 1]}</th>
            {cellsOf(severity)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A risk level as a coloured badge with its word. */
export function RiskBadge({ level }: { level: PermitRiskLevel }) {
  const t = useCaptions();
  return <span className={`${classes.level} ${classes[level]}`}>{t(permitRiskCaptions[level])}</span>;
}
