import { lightTheme, vars } from '@prospecta/ui';

type Group = keyof typeof lightTheme;

const cell = {
  padding: '6px 12px',
  borderBottom: '1px solid #d5d9e3',
  textAlign: 'left' as const,
  verticalAlign: 'middle' as const,
};

function Preview({ group, value }: { group: Group; value: string }) {
  if (group === 'color' || group === 'tone') {
    return (
      <span
        style={{
          display: 'inline-block',
          width: 40,
          height: 24,
          borderRadius: 4,
          background: value,
          border: '1px solid #8a93a6',
        }}
      />
    );
  }
  if (group === 'space')
    return (
      <span style={{ display: 'inline-block', height: 12, width: value, background: '#3447c4' }} />
    );
  if (group === 'radius')
    return (
      <span
        style={{
          display: 'inline-block',
          width: 40,
          height: 40,
          borderRadius: value,
          background: '#e6e9fb',
          border: '1px solid #3447c4',
        }}
      />
    );
  if (group === 'shadow')
    return (
      <span
        style={{
          display: 'inline-block',
          width: 64,
          height: 32,
          borderRadius: 8,
          background: '#fff',
          boxShadow: value,
        }}
      />
    );
  if (group === 'fontSize') return <span style={{ fontSize: value }}>Prospecta</span>;
  if (group === 'fontWeight') return <span style={{ fontWeight: Number(value) }}>Prospecta</span>;
  return null;
}

/** Lists one token group: name, CSS variable, value and a preview. */
export function TokenTable({ group }: { group: Group }) {
  const values = lightTheme[group] as Record<string, string>;
  const variables = vars[group] as Record<string, string>;
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <thead>
        <tr>
          <th style={cell}>Token</th>
          <th style={cell}>CSS variable</th>
          <th style={cell}>Value</th>
          <th style={cell}>Preview</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(values).map(([name, value]) => (
          <tr key={name}>
            <td style={cell}>
              <code>{`vars.${group}.${name}`}</code>
            </td>
            <td style={cell}>
              <code>{variables[name]?.replace(/^var\((.*)\)$/, '$1')}</code>
            </td>
            <td style={cell}>
              <code>{value}</code>
            </td>
            <td style={cell}>
              <Preview group={group} value={value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
