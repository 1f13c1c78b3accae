// The stylesheet, served as /static/casino.css. Built from the same cls() names as the markup,
// so the generated-looking class names stay in step.
import { cls } from './markup.js';

const c = (name: string) => `.${cls(name)}`;

export function stylesheet(): string {
  return `
:root { color-scheme: dark; font-family: system-ui, sans-serif; }
body${c('body')} { margin: 0; background: #0f1923; color: #e6edf3; }
${c('main')} { max-width: 1100px; margin: 0 auto; padding: 16px; }
${c('demo-bar-honest')}, ${c('demo-bar-cheating')} { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 8px 16px; font: 13px monospace; background: repeating-linear-gradient(45deg, #3a3000, #3a3000 10px, #2a2400 10px, #2a2400 20px); border-bottom: 2px solid #ffd400; }
${c('demo-bar-cheating')} { background: repeating-linear-gradient(45deg, #4a0000, #4a0000 10px, #300 10px, #300 20px); border-bottom-color: #ff4040; }
${c('demo-button')} { font: inherit; padding: 2px 8px; background: #222; color: #fff; border: 1px solid #888; border-radius: 4px; cursor: pointer; }
${c('demo-button')}[aria-pressed="true"] { background: #ffd400; color: #000; }
${c('demo-link')} { color: #ffd400; }
${c('nav')} { display: flex; flex-wrap: wrap; gap: 16px; padding: 10px 16px; background: #1a2c38; }
${c('nav-link')}, a { color: #8fd3ff; }
${c('h1')} { margin: 8px 0 16px; }
${c('h2')} { font-size: 16px; margin: 0 0 8px; color: #b1bad3; }
${c('layout')} { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); }
${c('seed-pair')}, ${c('play')}, ${c('last-result')}, ${c('round')}, ${c('round-card')}, ${c('round-text')} { background: #1a2c38; border-radius: 8px; padding: 12px; }
${c('field')} { display: flex; gap: 8px; align-items: center; margin: 6px 0; font-size: 14px; }
${c('field-label')} { color: #b1bad3; min-width: 130px; }
${c('field-value')}, ${c('value')}, ${c('td')}, ${c('line')} { font-family: monospace; }
${c('input')} { flex: 1; min-width: 0; font-family: monospace; background: #0f1923; color: #e6edf3; border: 1px solid #2f4553; padding: 4px; }
${c('bet-button')} { padding: 12px 24px; font-size: 16px; font-weight: bold; background: #00e701; color: #000; border: 0; border-radius: 6px; cursor: pointer; }
${c('small-button')} { padding: 4px 10px; background: #2f4553; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
${c('board')} { display: grid; grid-template-columns: repeat(8, 40px); gap: 4px; margin-bottom: 8px; }
${c('cell')} { height: 40px; background: #2f4553; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
${c('cell')}[aria-pressed="true"] { background: #9000ff; }
${c('big-number')} span { display: inline-block; font-size: 40px; padding: 8px 20px; border-radius: 8px; }
${c('pocket-red')} { background: #c0392b; padding: 1px 6px; border-radius: 4px; }
${c('pocket-black')} { background: #000; padding: 1px 6px; border-radius: 4px; }
${c('pocket-green')} { background: #1e8449; padding: 1px 6px; border-radius: 4px; }
${c('chip')}, ${c('chip-hit')} { display: inline-block; min-width: 22px; margin: 1px; padding: 1px 4px; text-align: center; border-radius: 10px; background: #2f4553; }
${c('chip-hit')} { background: #00e701; color: #000; }
${c('big-chips')} span { font-size: 20px; }
${c('message')} { color: #ff8080; min-height: 1em; }
${c('history')} { margin-top: 24px; }
${c('history-list')}, ${c('history-table')}, ${c('history-text')} { display: grid; gap: 12px; }
${c('round-title')} { margin: 0 0 6px; font-size: 14px; }
${c('pairs')} { margin: 0; display: grid; gap: 2px; }
${c('pair')} { display: flex; gap: 8px; }
${c('label')} { color: #b1bad3; min-width: 160px; }
${c('value')} { margin: 0; }
${c('table')} { border-collapse: collapse; }
${c('th')} { text-align: left; color: #b1bad3; padding: 2px 12px 2px 0; font-weight: normal; }
${c('line')} { margin: 2px 0; word-break: break-all; }
${c('pending')} { color: #ffd400; font-size: 13px; margin: 6px 0 0; }
${c('frame')} { width: 100%; height: 600px; border: 1px solid #2f4553; border-radius: 8px; background: #0f1923; }
${c('tiles')} { list-style: none; padding: 0; display: flex; gap: 12px; }
${c('tile')} { display: block; padding: 24px; background: #1a2c38; border-radius: 8px; font-size: 18px; }
${c('empty')} { color: #b1bad3; }
`;
}
