// Japanese. Sources: Shuffle's help centre (help.shuffle.com/ja, "証明可能な公正性 - コミットメント
// スキーム": "アクティブクライアントシード", "アクティブサーバーシード(ハッシュ未処理)", "ノンス") and
// 2UP's (help.2up.io/ja: "サーバーシード", "クライアントシード", "ナンス", "サーバーシード(非ハッシュ)").
// Result, keno, amounts and game names: no casino source found, translated. Folding (labelKey)
// drops the voicing marks, as it drops accents: "シード" and "シート" are one key, which is harmless here.
import type { Vocabulary } from './vocabulary.js';

export const JA: Vocabulary = {
  labels: [
    'game=ゲーム|ゲーム名',
    'serverSeed=サーバーシード|サーバーシード(非ハッシュ)|サーバーシード(ハッシュ未処理)|公開されたサーバーシード|サーバーシード(公開済み)',
    'commitment=サーバーシード(ハッシュ)|サーバーシードハッシュ|ハッシュ化されたサーバーシード|サーバーシード(ハッシュ化)|アクティブサーバーシード(ハッシュ化)',
    'clientSeed=クライアントシード|アクティブクライアントシード|現在のクライアントシード',
    'nonce=ナンス|ノンス|次のナンス|次のノンス',
    'roundSignature=ラウンド署名|ラウンドの署名',
    'result=結果|当選番号',
    'result/Keno=抽選番号|ヒット',
    'picks/Keno=選択した番号|あなたの選択',
    'stake=ベット額|賭け金',
    'payout=配当|払い戻し|ペイアウト',
    'multiplier=倍率|配当倍率',
    // The whole text of a fairness control (rotate, new seed pair, set the client seed, show the pair): translated, no casino source found.
    'control=シードを変更|シードペアを変更|新しいシードペア|クライアントシードを変更|クライアントシードを設定|シードペアを表示|シードペアを非表示|シードペア|シード|公平性|証明可能な公平性',
  ],
  games: 'European Roulette|ヨーロピアンルーレット|ルーレット;American Roulette|アメリカンルーレット;Keno|キノ;Mines|マインズ;Dice|ダイス',
};
