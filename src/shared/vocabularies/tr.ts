// Turkish. Sources: jemlit.com/tr/provably-fair/algorithm ("Sunucu tohumu (Server Seed)", "İstemci
// tohumu (Client Seed)", "Nonce"), bahispot.net and betkanyon's provably-fair articles ("sunucu
// tohumu", "kullanıcı tohumu", "oyuncu tohumu"); gambear.com/tr keeps "Server Seed", "Client Seed"
// and "Nonce" in English (read by the English words). Result, keno, amounts and game names: no
// casino source found, translated.
import type { Vocabulary } from './vocabulary.js';

export const TR: Vocabulary = {
  labels: [
    'game=oyun|oyun adı',
    'serverSeed=sunucu tohumu|açıklanan sunucu tohumu|sunucu tohumu açıklandı|hashlenmemiş sunucu tohumu|server seed açıklandı',
    'commitment=sunucu tohumu hash|sunucu tohumu hashi|hashlenmiş sunucu tohumu|sunucu tohumu hashlenmiş|aktif sunucu tohumu hashlenmiş|server seed hashi',
    'clientSeed=istemci tohumu|kullanıcı tohumu|oyuncu tohumu|aktif istemci tohumu|mevcut istemci tohumu',
    'nonce=sonraki nonce',
    'roundSignature=tur imzası|tur imzası oyundan sonra doğrulanabilir',
    'result=sonuç|kazanan sayı|kazanan numara',
    'result/Keno=çekilen sayılar|çekilen numaralar|isabetler',
    'picks/Keno=seçtiğiniz sayılar|seçilen sayılar|seçimleriniz',
    'stake=bahis|bahis miktarı',
    'payout=ödeme',
    'multiplier=çarpan|ödeme çarpanı',
    // The whole text of a fairness control (rotate, new seed pair, set the client seed, show the pair): translated, no casino source found.
    'control=tohumları değiştir|tohum çiftini değiştir|yeni tohum çifti|istemci tohumunu değiştir|istemci tohumunu ayarla|tohum çiftini göster|tohum çiftini gizle|tohum çifti|tohumlar|adillik|kanıtlanabilir adillik|kanıtlanabilir şekilde adil',
  ],
  games: 'European Roulette|avrupa ruleti|rulet;American Roulette|amerikan ruleti;Mines|mayınlar;Dice|zar',
};
