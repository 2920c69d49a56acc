# ウィンドウの日本語。ID は英語版と同じ。

## どのモードにもあるコマンド
seek = 手
seek-does = この手までの経路を表示します
previous-tour = 前のツアー
previous-tour-does = 数え上げで保持した前のツアーを表示します
next-tour = 次のツアー
next-tour-does = 数え上げで保持した次のツアーを表示します
previous-solution = 前の解
previous-solution-does = 見つかった前の解を表示します
next-solution = 次の解
next-solution-does = 見つかった次の解を表示します
answer-yes = 止めて続ける
answer-yes-does = 実行中の処理を止めて、頼まれたことを行います
answer-no = 実行を続ける
answer-no-does = 実行中の処理はそのままにします
showing-tour = 保持した { $kept } 個のうち { $index } 番目のツアーを表示中
showing-solution = 見つかった { $found } 個のうち { $index } 番目の解を表示中
no-tours-kept = 閲覧用に保持したツアーはありません。
no-solutions-kept = 閲覧用に保持した解はありません。
moves-per-second = 手/秒
loop = ループ
within-a-minute = 1 分以内
within-a-minute-does = 長い道すじは手/秒より速く再生して、全体が 1 分以内に終わるようにします
playing-faster = この道すじは 1 分で終わるよう、毎秒 { $speed } 手で再生します。
width = 幅
height = 高さ
undo = 元に戻す
redo = やり直す
first = 最初
back = 戻る
play = 再生
pause = 一時停止
forward = 進む
last = 最後
undo-does = 最後の手か編集を取り消します
redo-does = 取り消した手か編集をもう一度行います
first-does = 経路の最初の手を表示します
back-does = 経路を一手戻ります
play-does = 経路を一手ずつ再生します
pause-does = 再生を止めます
forward-does = 経路を一手進みます
last-does = 経路全体を表示します
open = 開く…
export = 書き出し…
cancel = 中止
pause-job = 処理を一時停止
resume-job = 処理を再開
fit-board = 盤全体
help = ヘルプ
zoom-in = 拡大
zoom-out = 縮小
show-mode-does = モードを切り替えます。実行中の処理は続きます
open-does = ツアーか碁石拾いのパズルを開きます。gridtour が書き出すファイルのほか、pzprv3 やペンシルボックス形式も読めます
export-does = 表示中のツアーかパズルを保存します：.json、.txt、.svg、.png、.pdf、.gif、.animated.svg、.pzprv3
print = 印刷…
print-does = 印刷する用紙を PDF で作ります：表示中のパズルか、「生成」と同じ設定の新しいパズルを、解答のページを後に付けて
print-save = PDF を保存…
print-save-does = 用紙を作って、選んだ場所に保存します
print-view = PDF ビューアで開く
print-view-does = 用紙を作って、システムの PDF ビューアで開きます（そこから印刷できます）
print-cancel-does = 用紙を作るのを止めます
cancel-does = 実行中の処理を止めます
pause-job-does = 実行中の処理をその場で止めて CPU を空けます。「処理を再開」で続きから進みます
resume-job-does = 一時停止した処理を止めたところから続けます
fit-board-does = 盤全体を表示します
help-does = 表示中のパズルのルール、すべてのキー操作、このソフトについて
zoom-in-does = 盤を拡大します
zoom-out-does = 盤を縮小します
board-labels = 盤の座標
got-it = わかりました
welcome-goishi = はじめてですか？プレイモードにして石をクリックすると拾い始められます。「解く」を押すと石を拾う順が見られます。F1 でそれぞれのゲームのルールを表示します。
ready = 準備完了
welcome = はじめてですか？盤のマスをクリックすると、そこから始まるナイトツアーが見られます。F1 でそれぞれのゲームのルールを表示します。
job-running = { $label }… { $progress }
job-paused = { $label }… 一時停止中 — { $progress }
other-mode-running = {" · "}{ $mode }：{ $label }…（実行中）
files-busy = {" · "}ファイルの選択・読み込み・書き込みの最中です
keys-window = ウィンドウ
keys-every-mode = すべてのモード
the-pasted-link = 貼り付けたリンク
the-link-given = 指定されたリンク
saved = { $path } を保存しました
job-stopped-for = { $other } のために停止
job-cancelled = 中止
status-watch = { $label }：{ $step } 歩目{ $total }（1 歩は、一手を試す・戻す・あきらめることの 1 回）
status-watch-total = {" "}（全 { $total } 歩）
job-ended-without-search = { $label }：{ $how }（探索は不要でした）
close-during-job = { $label }は { $time } 続いています。ウィンドウを閉じると止まります。巡回路の数え上げは次に開いたとき最後に保存したところから続けられますが、ほかの作業は失われます。
close-anyway = それでも閉じる
close-anyway-does = ウィンドウを閉じて作業を止めます
keep-working = 作業を続ける
keep-working-does = ウィンドウを開いたまま作業を続けます
job-ended = { $label }：{ $how } — { $progress }
mode-knight = ナイトツアー
mode-goishi = 碁石拾い
ms-per-frame = { $ms } ミリ秒/フレーム
frames-per-second = { $rate } fps

## 処理の進み具合
progress-nodes = { $n } ノード
progress-attempts = { $n } 回の無作為な試行
progress-found = 、{ $n } 個発見
progress-complete-tours = 、完全なツアー { $n } 個
progress-seconds = 、{ $s } 秒
progress-minutes = 、{ $time } 分
progress-rate = 、{ $rate }/秒
progress-detail = （{ $detail }）
detail-sampling = { $seconds } 秒間の標本抽出、残り { $left } 秒
detail-composing = ブロック { $block }/{ $blocks } を作成中
detail-counting-from = 開始の石 { $stones } 個のうち { $searched } 個から探索済み{ $left }
detail-time-left = 、残り約 { $time }
detail-proving-unique = { $stones } 個の石のパズルが唯一解であることを証明中
detail-rating = { $stones } 個の石のパズルを評価中
detail-waiting-for-file = 先に中止した数え上げが途中結果を保存し終えるのを待っています
detail-sweep-sizing = （64 ビットを超える数え上げ、桁数の見積もり）
detail-sweep-modulo = （64 ビットを超える数え上げ、素数 { $prime }/{ $primes } を法として）
detail-sweep = フロンティア掃引{ $pass }：マス { $square }/{ $squares }、状態 { $states } 個{ $more }
detail-sweep-left = 、この掃引の残り約 { $time }
detail-sweep-range = （{ $soonest }～{ $latest }）
detail-sweep-up-to = （長くて { $latest }）
detail-sweep-at-most = 、この掃引の残り長くて { $latest }
detail-sweep-peak = 、最大で状態約 { $states } 個と { $bytes }
detail-forecast = （予測）
detail-forecast-measured = （この盤を計測した数え上げからの予測）
detail-spill-writing = 。次の状態は { $groups } 組に分けてディスクに書き、あとで足し合わせます
detail-spill-adding = 。次の状態をディスク上で足し合わせ中、{ $group }/{ $groups } 組目
detail-taken-up = 。マス { $square } の後から再開
detail-saved = 。マス { $square } の後で保存済み
detail-recording = 長い盤の掃引の手順を記録中：このマスで状態 { $states } 個
detail-checkpoint-reading = チェックポイントファイルから、マス { $square }/{ $squares } の後に保存した状態 { $states } 個を読み込み中
detail-checkpoint-saving = マス { $square }/{ $squares } の後の状態 { $states } 個をチェックポイントファイルに保存中
detail-walk = 約 { $nodes } ノードをすべてたどって数えています{ $left }：{ $why }
detail-walk-left = 、この速さで残り { $time }
headway = { $percent }%
headway-left = { $percent }%、残り約 { $time }
headway-range = { $percent }%、残り約 { $time }（{ $soonest }～{ $latest }）
headway-up-to = { $percent }%、残り約 { $time }（長くて { $latest }）
headway-at-most = { $percent }%、残り長くて { $latest }
duration-years = { $n } 年
duration-days = { $n } 日
duration-hours = { $n } 時間
duration-minutes = { $n } 分
duration-seconds = { $n } 秒
duration-one-second = 1 秒

## ヘルプ
help-rules = ルール
help-keys = キー操作
help-about = このソフトについて
keys-or = {" "}または{" "}
about-description = ナイトツアーと碁石拾いのパズルを解き、調べ、アニメーションで見せます
about-licence = ライセンス：{ $licence }
about-manual = 説明書は docs/GUIDE.md、エンジンの解説は docs/ALGORITHMS.md にあります（プログラムのソースと同じ場所）。
about-puzz-link = puzz.link の碁石拾いパズル
about-closed-tours = 2n×2n の盤の閉じたツアーの数（OEIS A001230）
about-open-tours = n×n の盤の開いたツアーの数（OEIS A165134）

## ファイル
filter-numbered-board = 番号入りの盤
filter-svg = SVG 画像
filter-png = PNG 画像
filter-pdf = 印刷用の PDF
filter-gif = GIF アニメーション
filter-animated-svg = SVG アニメーション（名前.animated.svg）
filter-gridtour-files = gridtour のファイル
filter-all-files = すべてのファイル
open-dialog-title = ツアーか碁石拾いのパズルを開く
export-dialog-title = 書き出し
print-dialog-title = 印刷する用紙を保存
trace-export-dialog-title = 探索をアニメーションで保存
trace-export-format = 観察した探索はアニメーション GIF（.gif）かアニメーション SVG（.svg）で保存します
print-title = 印刷
print-no-puzzles = ナイトツアーのモードには印刷するパズルがありません：ツアーは「書き出し」で PDF に保存できます。碁石拾いとナイトツアーのパズルの用紙は、それぞれのモードで印刷してください。
print-on-show = 表示中のパズル
print-new = 新しいパズル：
print-new-like-generate = 新しいパズルは「生成」と同じように、そのシードから順に作ります。
print-new-not-offered = モードの今の設定では「生成」で新しいパズルを作れない（理由は「生成」が示します）ので、印刷でも作りません。
print-boards-a-page = 1 ページの盤：
print-across = 横
print-down = 縦
print-with-solutions = パズルの後のページに解答を付ける
print-paper = 用紙：
print-paper-a4 = A4
print-paper-letter = レター
print-making = 用紙を作っています：{ $wanted } 問のうち { $made } 問
print-opened = { $path } を PDF ビューアで開きました
print-and-skipped = { $said }（注：{ $skipped }。）
print-no-viewer = 用紙は { $path } に保存しましたが、PDF ビューアを起動できません：{ $error }
print-failed = 用紙を作れません：{ $error }
web-save-as = 保存するファイル名（末尾で形式が決まります: { $endings }）
print-viewer-not-found = { $program } がインストールされていません
print-viewer-failed = { $program } が開くプログラムを見つけられませんでした（終了状態 { $code }）。ファイルを自分で開いてください
no-dialog = ファイル選択ダイアログを表示できません。zenity か xdg-desktop-portal を入れてください（パズルはウィンドウへのドロップや URL の貼り付けでも開けます）
open-failed = 開けません：{ $error }
save-failed = 保存できません：{ $error }
start-tours = ツアーを始める
edit-blocked = ふさぐマスの編集
play-mode = プレイモード
clear-blocked = ふさいだマスを全部戻す
new-walk = 新しい道すじ
copy-link = リンクをコピー
count-tours = ツアーを数える
estimate-tours = ツアー数を推定
clear-blocked-does = ふさいだマスをすべて開けます（元に戻すで戻ります）
new-walk-does = 今の道すじを片付けて、ナイトを置き直します（元に戻すで戻ります）
count-tours-does = 盤のすべてのツアー、または選んだマスからのツアーだけを数えます
copy-link-does = この盤を表す一行のリンクをクリップボードに入れます（大きさ、種類、ふさいだマス、選んだマス、表示中のツアー）。ウィンドウに貼り付ける（Ctrl+V）か、gridtour knight に渡せます
estimate-tours-does = 1 分間の無作為なツアーの試行から、「ツアーを数える」が数える数と、その数が入るはずの範囲を推定します。数えきれないほど大きな盤向けです

## ナイトツアーのモード
open-tour = 開いたツアー
closed-tour = 閉じたツアー
algorithm = アルゴリズム
algorithm-warnsdorff = ワーンスドルフの規則
algorithm-backtrack = バックトラック
algorithm-dfs = 単純な深さ優先探索
move-numbers = 手の番号
play-hints = プレイモードのヒント
play-hints-does = ナイトが行けるマスに、その先に動ける数（ワーンスドルフの数）を点の数で表示します。もうどの道すじでも届かないマスには印を付けます
failing-starts = ワーンスドルフが失敗する出発点を表示
failing-starts-too-big = { $squares } マス以下の盤だけです（すべてのマスからワーンスドルフの規則を試すため）
only-tours-from = { $square } からのツアーだけ
only-tours-from-clicked = クリックしたマスからのツアーだけ
click-to-place = マスをクリックしてナイトを置いてください。
click-to-block = マスをクリックすると、ふさいだり開けたりできます。
click-to-start = マスをクリックすると、そこからツアーを始めます。
closed-tour-done = { $start } からの閉じたツアー：全 { $squares } マスを回り、{ $moves } 手で { $start } に戻ります。
return-to-close = {" "}{ $start } に戻ればツアーが閉じます。
can-be-closed = {" "}両端がナイトの一手の位置にあるので、閉じたツアーにできます。
open-tour-done = ツアー完成：開いたツアー、{ $start } から、{ $squares } マス、{ $moves } 手。{ $more }
stuck = { $squares } マスのうち { $visited } マスを回ったところで { $here } から動けません。ナイトの一手で行ける未訪問のマスがありません。
walk-so-far = { $start } から { $squares } マスのうち { $visited } マス目。ナイトは { $here } にいます。
squares-lost = { $others ->
    [0] { $first }
   *[other] { $first } とほか { $others_grouped } マス
} にはもう届きません。この道すじはツアーになれません。「元に戻す」で戻れます。
start-blocked = { $name } はふさがれています。そこからはツアーを始められません。
searching-from = { $name } からのツアーを探索中…
counting = { $what }を数えています…
estimating = { $what }の数を { $seconds } 秒間で推定中…
opened = { $source }を開きました。
count-running = 数え上げを実行中です
estimate-running = 推定を実行中です
failing-starts-running = 失敗する出発点の分析を実行中です
to-block = { $name } のふさぎ・開放を
to-start-from = { $name } からのツアー開始を
to-resize = 盤の大きさの { $size } への変更を
to-clear-blocked = ふさいだマスの解除を
to-undo-edit = 最後の盤の編集の取り消しを
to-redo-edit = 盤の編集のやり直しを
stop-to = { $what }。止めて、{ $action }しますか？
copied-link = 盤へのリンクをコピーしました（{ $length } 文字）。
copied-link-with-tour = 盤とツアーへのリンクをコピーしました（{ $length } 文字）。
job-done = 完了
job-no-tour = ツアーなし
no-tour = ツアーはありません：{ $reason }
counted-directed-open = { $start } から始まる向き付きの開いたツアー：{ $count } 個。
counted-directed-closed = { $start } から始まる向き付きの閉じたツアー：{ $count } 個（閉じたツアーは向きごとに 1 回）。
counted-undirected-open = 向きを区別しない開いたツアー：{ $count } 個（両方向で 1 回と数えます）。
counted-undirected-closed = 向きを区別しない閉じたツアー：{ $count } 個（各周回を 1 回と数えます）。
no-tours = ツアーはありません：{ $reason }
more-memory-may-fit = {" "}もっと多くのメモリで起動すれば（gridtour --memory 16G）掃引が収まるかもしれません。
work-about = （処理量は約 { $time }）
not-counted = 数えませんでした{ $work }：{ $why }。{ $more_memory }
failing-starts-found = 単純なワーンスドルフの規則は、{ $squares } マスのうち { $failing } マスから出発すると行き詰まります（盤に色を付けたマス：{ $names }）。
failing-starts-none = 単純なワーンスドルフの規則は、{ $squares } マスのどこから出発しても開いたツアーを完成させます。
failing-starts-open-only = 開いたツアーだけです（単純なワーンスドルフの規則は開いたツアーをたどります）
count-cut-short = 数え上げ：{ $progress } の時点で{ $how }。それまでに保持したツアーは閲覧できます。
search-cut-short = 探索：{ $how }。
estimate-cut-short = 推定：{ $how }。
failing-starts-cut-short = 失敗する出発点の分析：{ $how }。
refused-off-board = { $square } は盤の外です。
refused-blocked = { $name } はふさがれています。
refused-complete = ツアーは完成しています。
refused-not-a-knight-move = { $name } は { $from } からナイトの一手の位置にありません。
refused-visited = { $name } は { $at_move } 手目に訪問済みです。
directed-open-tours = { $start } から始まる向き付きの開いたツアー
directed-closed-tours = { $start } から始まる向き付きの閉じたツアー
undirected-open-tours = 向きを区別しない開いたツアー
undirected-closed-tours = 向きを区別しない閉じたツアー
count-undirected-open = 向きを区別しない開いたツアー（両方向で 1 回と数えます）
count-undirected-closed = 向きを区別しない閉じたツアー（各周回を 1 回と数えます）
count-directed-open = { $start } から始まる向き付きの開いたツアー
count-directed-closed = { $start } から始まる向き付きの閉じたツアー（閉じたツアーは向きごとに 1 回）
count-directed-odd-start = { $start } から始まる向き付きの{ $closed ->
    [yes] 閉じた
   *[no] 開いた
}ツアー
count-to-end = { $end } で終わる{ $what }
square-off-board = ({ $x }, { $y })（盤の外）
square-blocked = { $name }（塞がれたマス）
cli-searching = 探索中
cli-counting = 数え上げ中
cli-solving = 解いています
cli-rating = 評価中
cli-generating = 生成中
cli-estimating = 推定中
cli-trying-every-start = すべての出発点を試しています
cli-cancelled = { $what }：中止しました
cli-solutions = 解 { $count } 個
cli-solutions-at-limit = 解 { $count } 個（上限で止めました。ほかにもあるかもしれません）
cli-no-solution = 解はありません
cli-no-solution-to-rate = 評価する解がありません
cli-error-line = gridtour：エラー：{ $message }
cli-note-line = gridtour：お知らせ：{ $note }
cli-flag-error = { $flag }：{ $error }
cli-progress-shown = { $what }：{ $progress }（Ctrl+C で止まります）
cli-progress-logged = gridtour：{ $what }：{ $progress }
cli-bad-cell = --cell：1 から 1000 までの画素数を指定してください（「{ $value }」が指定されました）
cli-bad-speed = --speed：1 秒あたりの手数を数で指定してください（「{ $value }」が指定されました）
cli-web-base-needs-link = --web-base はリンクをウェブページのアドレスに入れます。--format link も指定してください
cli-bad-web-base = --web-base：gridtour のウェブページのアドレスを http:// か https:// で始めて指定してください（「{ $value }」が指定されました）
cli-bad-level = easy、medium、hard のどれかを指定してください（「{ $value }」が指定されました）
cli-bad-limit = 1 以上の解の数を指定してください（「{ $value }」が指定されました）
cli-bad-size = 10x10 のような大きさを指定してください（「{ $value }」が指定されました）
cli-bad-print = --print：3x4 のように 1 ページの横と縦の盤の数をそれぞれ 1 から { $most } までで指定してください（「{ $value }」が指定されました）
cli-bad-puzzles = --puzzles：問題の数を 1 から { $most } までで指定してください（「{ $value }」が指定されました）
cli-bad-scale = --scale：0 より大きく 10 以下の数を指定してください（1 が収まる最大の大きさです）（「{ $value }」が指定されました）
cli-bad-paper = --paper：{ $names } のどれかを指定してください（「{ $value }」が指定されました）
cli-print-is-pdf = --print は PDF を書きます：--format を外すか、--format pdf を指定してください
cli-puzzles-needs-generate = --puzzles は新しい問題を作ります：--generate WxH と一緒に指定してください（問題のファイルを印刷するときはファイルを並べてください）
cli-no-puzzle = 問題（ファイルかリンク）か --generate WxH を指定してください
cli-one-puzzle = 問題が { $given } 個指定されましたが、これは一つの問題を扱います：いくつもの問題を用紙に並べるには --print WxH を加えてください
cli-argument-not-utf8 = { $place } 番目の引数が正しい UTF-8 ではありません：「{ $shown }」（UTF-8 でないバイトは置換文字で示しています）
cli-value-not-utf8 = { $place } 番目の引数（{ $flag } の値）が正しい UTF-8 ではありません：「{ $shown }」（UTF-8 でないバイトは置換文字で示しています）
cli-not-a-directory = { $flag }：{ $path } はフォルダではありません
cli-note-threads-limited = --threads { $asked }：アドレス空間の上限で使えるスレッドは { $threads } 個なので、その数で動かします
cli-note-threads-refused = システムがワーカースレッド { $threads } 個の起動を断りました。その仕事は起動できたスレッドで行いました（プロセス数かメモリの上限です。--threads で減らせます）
cli-cannot-make-manual = マニュアルを作れません：{ $error }
cli-cannot-write-stdout = 標準出力に書き込めません：{ $error }
cli-standard-output-closed = 標準出力に書き込めません：閉じられています
cli-cannot-open-window = ウィンドウを開けませんでした：{ $error }
cli-no-display = ウィンドウを開く画面がありません（DISPLAY も WAYLAND_DISPLAY も設定されていません）：デスクトップの中で起動するか、コマンドラインを使ってください（gridtour --help）
cli-no-signals = シグナルを受け取れません：{ $error }
cli-no-ctrl-c = Ctrl+C を引き受けられません：{ $error }
cli-the-link = リンク
cli-link-error = リンク：{ $error }
cli-no-file-no-subcommand = { $given }：そのファイルはなく、サブコマンドでもありません（サブコマンドは { $subcommands } です）
cli-pzprv3-not-knight = --format：pzprv3 は碁石拾いの問題の形式で、ナイトツアーには使えません
cli-goes-with-count = { $flag } は --count と一緒に使います
cli-link-not-for-count = --format link が共有するのは盤とツアーで、数え上げや一覧ではありません
cli-start-is-a1 = { $error }（--start を省くと a1 から始めます）
cli-square-blocked = { $flag }：マス「{ $name }」はふさがっています
cli-nothing-to-draw = 描くものがありません：{ $why }
cli-trace-no-tour = { $kind ->
    [closed] 閉じた
   *[open] 開いた
}ツアーはありません：{ $reason }
cli-trace-from-tiles = 探索はしていません：{ $squares } マス以上の盤ではツアーをタイルから組み立てるので、記録は空です
cli-trace-no-solution = 探索は解なしで終わりました：解はありません
cli-trace-cut = 記録は { $steps } 手で止めました（--max-steps）。探索はその先も続きました
cli-note-no-scratch-folder = 作業用フォルダ { $path } がありません（TMPDIR か --scratch）。メモリの予算を超えた数え上げはそこで止まります
cli-count-hint-memory-resume = --memory を増やせば、{ $path } に保存したところから続けます
cli-count-hint-memory = --memory を増やせば、掃引に使える場所が増えます
cli-count-or = 。または、{ $hint }
cli-count-too-long = 数え上げ：{ $started ->
    [yes] { $why }。--force を付ければそれでも全探索を始めます
   *[no] 始めていません：{ $why }。--force を付ければそれでも始めます
}（Ctrl+C で止まります）{ $or }
cli-count-failed = 数え上げ：{ $why }
cli-count-failed-hint = 数え上げ：{ $why }。{ $hint }
cli-count-scratch-kept = 数え上げ：{ $why }。{ $path } に最後に保存した状態が残っていて、同じコマンドで続きから始めます
cli-internal-invalid-tour = 内部エラー：ソルバーのツアーが正しくありません：{ $error }
cli-internal-broken-rule = 内部エラー：ソルバーの答えが規則を破っています：{ $violation }
cli-failing-starts = { $size } で、最小のものを最初に選ぶ素朴なワーンスドルフ則が行き詰まる出発点は { $count } 個です（マスは左上を 0 として行ごとに番号を付けています）
cli-failing-start-solved = 既定のソルバーは正しい開いたツアーを見つけます
cli-failing-start-no-tour = 開いたツアーはありません：{ $reason }
cli-not-goishi = { $path }：碁石拾いの問題ではなく、ナイトツアーが入っています（gridtour { $path } でウィンドウに開けます）
cli-numbers-not-goishi = { $path }：碁石拾いの問題ではなく、ナイトツアーのパズルが入っています（gridtour numbers { $path } で読めます）
cli-goishi-not-numbers = { $path }：ナイトツアーのパズルではなく、碁石拾いの問題が入っています（gridtour goishi { $path } で読めます）
cli-tour-not-numbers = { $path }：ナイトツアーのパズルではなく、ナイトツアーが入っています（gridtour { $path } でウィンドウに開けます）
cli-invalid-order = { $path }：拾う順が正しくありません：{ $violation }
cli-order-valid = 正しい順です：{ $stones } 個の石をすべて拾いました
cli-seed = シード { $seed }（同じ問題をもう一度作るには --seed { $seed } を付けます）
cli-seed-sheet = シード { $seed }（同じ問題をもう一度作るには --seed { $seed } を付けます）
cli-count-because = { $count }：{ $reason }
cli-note-measured-sweep = 以前に同じ数え上げを計測してあります。ここでは約 { $time }（{ $soonest }～{ $latest }）かかり、最大の段階で状態 { $states } 個、表に { $bytes } 使う見込みです（--memory に収まらない分はディスクを使います。Ctrl+C で止まります{ $saves ->
    [yes] {""}
   *[no] 。--checkpoint FILE を付ければ、再起動しても続きから始められます
}）
cli-progress-headway = [{ $headway }] { $progress }
cli-note-wide-sweep = { $what }：マス { $squares } 個を { $width } マスの行で進むフロンティア掃引で行います。この幅の行では{ $wider ->
    [yes] 状態が数億個になり、何 GB ものメモリと、数分から数日の時間がかかります
   *[no] 状態が数千万個以上になり、数分以上かかります
}（Ctrl+C で止まります{ $saves ->
    [yes] {""}
   *[no] 。--checkpoint FILE を付ければ、再起動しても続きから始められます
}）
cli-note-walk-instead = { $why }。{ $what }：約 { $nodes } 個の節点をたどる全探索で続けますが、終わらないかもしれません（Ctrl+C で止まります{ $memory_helps ->
    [yes] 。--memory を増やせば掃引に使える場所が増えます
   *[no] {""}
}）
cli-note-taken-up = { $what }：チェックポイントに保存したマス { $swept }（全 { $squares } マス）の後から続けます
cli-arg-unknown = 知らない引数「{ $arg }」があります
cli-arg-unknown-subcommand = 知らないサブコマンド「{ $name }」です
cli-arg-no-value = 「{ $arg }」には値が要りますが、ありません
cli-arg-not-one-of = 「{ $arg }」に「{ $value }」は使えません（使える値：{ $valid }）
cli-arg-bad-value = 「{ $arg }」に「{ $value }」は使えません：{ $why }
cli-arg-missing = 次の引数が要りますが、ありません：{ $args }
cli-arg-conflict = 引数「{ $arg }」は「{ $prior }」と一緒には使えません
cli-arg-repeated = 引数「{ $arg }」は一度しか使えません
cli-arg-similar = （似た名前なら「{ $similar }」があります）
cli-in-file = { $path }：{ $error }
cli-numbers-formats = --format：ナイトツアーのパズルは text、json、link、svg、png、pdf で書き出します
cli-numbers-other-board = { $path }：答えの盤が問題の盤と違います（大きさかふさがったマスが違います）
cli-numbers-given-changed = { $path }：{ $square } には問題に書かれた { $given } が入ります
cli-numbers-internal = 内部エラー：ソルバーの答えが解になっていません
cli-numbers-not-rated = 難しさを測れるのは答えがちょうどひとつの問題だけです。この問題は答えがないか、ふたつ以上あります（--count --limit 2 で確かめられます）
cli-numbers-rating = { $level }：置いた数の隣で { $next_to }、届く範囲にただひとつのマスで { $reach }、出入りの道がふたつのマスの隣で { $two_ways }、そのマスに入れる数がひとつで { $only } 見つかり、{ $trials } は試しました
unknown-algorithm = 知らないアルゴリズム「{ $given }」です（{ $expected } のどれかを指定してください）
job-tour-from = { $start } からのツアー
job-counting = { $what }の数え上げ
job-failing-starts = ワーンスドルフが失敗する出発点
job-forget-count = 保存された数え上げの削除
count-stopped-kept = この盤の{ $what }の数え上げは中止しましたが、途中結果は残っています。続けると最後の保存（中止したとき、またはそれまで 2 分ごと）から、保存がなければ最初から数えます。
job-cancelled-kept = 中止（途中結果は残してあり、続けられます）
count-unfinished = 前回 gridtour を閉じたとき、この盤の{ $what }の数え上げが途中でした。続けると最後の保存（数え上げは 2 分ごとに保存します）から、保存がなければ最初から数えます。
take-up-count = 数え上げを続ける
take-up-count-does = 最後に保存したところから数え上げを続けます
forget-count = 破棄する
forget-count-does = 数え上げの途中結果を削除します
job-estimating = { $what }の数の推定
view = 表示
edit-stones = 石の編集
solve = 解く
count-solutions = 解を数える
is-unique = 解は唯一？
hint = ヒント
check = 確認
rate = 難易度を評価
generate = 生成
copy-url = puzz.link の URL をコピー
restart = 最初から
resize = 大きさを変更
new-board = 空の盤
load-url = URL を開く
solve-does = すべての石を拾う順番を一つ見つけます
count-solutions-does = パズルの解をすべて数えます
is-unique-does = 二つ目の解を探します。あれば二つを見比べられます
hint-does = まだ解につながる一手を示します
check-does = 残りの石をまだ全部拾えるかどうかを、拾い方は言わずに答えます
generate-does = 指定した大きさと石の数で、解がちょうど一つの新しいパズルを作ります
copy-url-does = パズルの puzz.link の URL をクリップボードに入れます
restart-does = 拾った石をすべて戻します（元に戻すで拾った手が戻ります）
resize-does = 石はそのままで、盤の大きさを変えます
new-board-does = この大きさの空の盤から始めます
load-url-does = puzz.link か pzv.jp の URL のパズルを開きます
rate-does = やさしい・ふつう・むずかしい：解の道すじで誤りやすい手の数と、いちばん難しい誤りが行き詰まるまでの探索量から決めます

## 碁石拾いのモード
puzzle-about = { $source }：{ $width } x { $height }、石 { $stones } 個
example = 例題
choose-a-puzzle = パズルを選ぶ
best-time = {"   "}最速 { $time }
clock = 時間 { $time }{ $best }
solver = ソルバー
solver-shows-solutions = ソルバー（解を表示します）
stones = 石の数
seed = シード
any-level = 指定なし
generated-level = 生成するパズルの難易度
level-easy = やさしい
level-medium = ふつう
level-hard = むずかしい
generate-size = 「生成」は { $width } x { $height } の盤を作ります（大きさは「石の編集」で設定）。
pick-numbers = 拾った順の番号
shelf = 棚：パズル { $puzzles } 個
shelf-size = { $width } x { $height }、石 { $stones } 個
shelf-level = 、{ $level }
shelf-solved-best = 、解いた（最速 { $time }）
shelf-solved = 、解いた
shelf-open-does = このパズルを開いて遊びます
numbers-shelf-size = { $width } x { $height }、問題の番号 { $givens } 個
generate-request = { $size }、石 { $stones } 個{ $level }、シード { $seed }
job-solving = パズルを解いています
job-counting-solutions = 解を数えています
job-can-finish = まだ最後まで拾えるか確かめています
job-rating = 難易度を評価しています
job-generating = 生成中：{ $request }
title-goishi = 碁石拾い、{ $source }
title-knight-open = ナイトツアー、{ $size } 開いたツアー
title-knight-closed = ナイトツアー、{ $size } 閉じたツアー
nothing-to-export = まだ書き出すものがありません。ツアーを見つけるか、プレイモードで完成させてください。
last-sessions-puzzle = 前回のパズル
click-to-edit-stones = 交点をクリックすると、石を置いたり取り除いたりできます。
no-stones = 盤に石がありません。
with-hints = {" "}（ヒントあり）
solved-best = {" "}（最速 { $time }）
solved-new-best = {" "}（最速記録を更新）
solved-in = { $time }{ $best }で解けました：石 { $stones } 個をすべて拾いました。
solved-all = 解けました：石 { $stones } 個をすべて拾いました。
click-to-pick = 石をクリックして拾い始めてください。
stuck-stones = { $left ->
   *[other] 行き詰まり：石が { $left_grouped } 個残っていますが、最後に拾った石からどれにも届きません。
}
dead-end-stones = 行き詰まり：残りの { $left } 個の石は、ここからでは全部拾えません。「元に戻す」で戻れます。
picked-can-finish = 石 { $stones } 個のうち { $picked } 個を拾いました。まだ最後まで拾えます。
picked-so-far = 石 { $stones } 個のうち { $picked } 個を拾いました。
stones-to-pick = 拾う石は { $stones } 個です。
hint-pick = ヒント：{ $stone } の石を拾ってください。
check-fine = 確認：大丈夫です。
hint-none = ここからはどう拾っても解になりません。「元に戻す」で戻ってください。
check-dead-end = 確認：行き詰まりです。残りの石はここからでは全部拾えません。「元に戻す」で戻れます。
looking-for-hint = ヒントを探しています…
checking = 確認しています…
every-stone-picked = 石はすべて拾いました。
not-allowed = 拾えません：{ $rule }
opened-puzzle = { $source }を開きました：{ $width } x { $height }、石 { $stones } 個。
opened-bad-order = { $source }を開きましたが、拾う順番がルールに反しています：{ $rule }
to-edit-stones = 石の編集を
to-resize-puzzle = 盤の大きさの変更を
to-start-empty = 空の盤の開始を
to-open-another = 別のパズルの読み込みを
to-search-again = 別の探索の開始を
to-generate = パズルの生成を
to-undo-stones-edit = 最後の編集の取り消しを
to-redo-stones-edit = 編集のやり直しを
new-puzzle = 新しいパズル
puzzle-from-url = URL のパズル
counting-solutions = 解を数えています…
looking-for-second = 二つ目の解を探しています…
cannot-generate = 生成できません：{ $reason }
generating-seed = シード { $seed } で生成中…
rating = 難易度を評価しています…
copied-url = puzz.link の URL をコピーしました。
not-on-shelf = そのパズルはもう棚にありません。
no-stones-to-pick = 拾う石がありません。
solved-picks = 解けました：{ $picks } 手。
no-solution = このパズルには解がありません。
job-no-solution = 解なし
job-failed = 失敗
solutions = { $n ->
   *[other] 解は { $grouped } 個です。
}
unique = 唯一解：解はちょうど一つです。
not-unique = 唯一解ではありません：異なる二つの解を表示できます（前の解／次の解）。
generated-puzzle = 生成したパズル（シード { $seed }）
generated = 石 { $stones } 個、解が一つの{ $level }パズルを生成しました（シード { $seed }）。
generated-of-level = 難易度「{ $level }」の
generate-failed = シード { $seed } では生成できませんでした：{ $error }
cut-short = { $label }：{ $how }。
cut-short-browse = { $label }：{ $how }。それまでに見つかった { $kept } 個の解は閲覧できます。
broken-at-step = { $step } 手目：{ $rule }
broken-not-a-stone = { $at } に石はありません
broken-picked-twice = { $at } の石を二度拾っています（最初は { $first } 手目）
broken-not-in-line = { $at } は { $from } と同じ行にも列にもありません
broken-reversed = 逆戻り：{ $after }へ動いた直後に{ $moving }へは動けません
broken-jumped-over = { $stone } の石を跳び越えています
broken-stones-left = 拾われなかった石が { $count } 個あります（最初は { $first }）
direction-up = 上
direction-down = 下
direction-left = 左
direction-right = 右
rated = 評価：{ $level }。誤りやすい手が { $traps } 個、拾う手のうち { $decisions } 手にあり、いちばん難しいものは行き詰まるまで { $hardest } 探索ステップかかります。{ $steps ->
   *[other] {""}
}
at-least = 少なくとも { $n }

## キーと盤
key-space = スペース
key-left = ←
key-right = →
board = 盤
language-does = ウィンドウの言語（次回も使います）
language = 言語

## 探索の観察
watch-pause = 探索を一時停止
watch-resume = 続ける
watch-back = 一歩戻る
watch-forward = 一歩進む
watch-close = 観察をやめる
watch-pause-does = 探索をその場で止めて、見たり一歩ずつ進めたりできるようにします
watch-resume-does = 選んだ速さで続けます
watch-back-does = 探索の最後の一歩を取り消します
watch-forward-does = 探索の次の一歩を表示します
watch-close-does = 観察をやめます。まだ実行中の探索も止めます
watch-run-to = 次へ
watch-run-to-does = 選んだ種類の次の場面まで全速で進み、そこで待ちます
watch-run-back = 前へ
watch-run-back-does = 表示中の一歩より前の、選んだ種類の最後の場面まで戻ります（観察が覚えている所まで）
watch-back-to-take = この手に戻る
watch-back-to-take-does = この手を指したステップまで戻ります
watch-on-to-take = この手まで進む
watch-on-to-take-does = この手を指すステップまで進みます
watch-running-to-take = { $cell } への手まで進んでいます…
watch-take-forgotten = その手は、観察が覚えているステップより前に指されました。
watch-tree = 探索木
watch-tree-counts = 試した手 { $tried }、あきらめ { $pruned }、行き止まり { $dead_ends }
watch-tree-legend = 道すじの深さごとに：枝が進む手（太字）、その前にすでに試した手、後にまだ試していない手（斜体）を探索の順に並べ（クリックでその手のステップへ戻るか進みます）、その深さでこれまでに試した手の数、規則であきらめた局面の数、行き止まりの数を示します。
watch-tree-folded = 間の { $levels } 段
trace-title-knight = { $algorithm }、{ $size }
trace-title-goishi = 碁石拾いの探索、{ $size }
trace-caption = { $title }：ステップ { $step }/{ $steps }
watch-save-animation = GIF で保存…
watch-save-animation-does = 最初のステップから表示中のステップまでの探索を、--trace --format gif と同じくアニメーション GIF（.svg で終わる名前ならアニメーション SVG）で保存します。20 万ステップまで
watch-jump-to = 飛ぶ先
watch-steps = ステップ
watch-depth = 深さ
watch-backtracks = 後戻り
watch-dead-ends = 行き止まり
watch-prunings = 枝刈り
watch-restarts = 再スタート
watch-steps-does = 探索がしたことのすべて：手を一つ試す、一つ戻す、局面を一つ打ち切る、がそれぞれ 1 ステップです
watch-depth-does = 今の経路の長さ：経路に入っているマス（または石）の数
watch-backtracks-does = 次の手を試すために戻した手の数
watch-dead-ends-does = 試す手が残っていないマスに経路が行き着いた回数
watch-prunings-does = ルールによってツアー（または解）が続かないと分かり、手を試す前に打ち切った局面の数
watch-restarts-does = 初めからやり直した回数：ワーンスドルフの規則の次のタイブレーク、または碁石拾いの次の最初の石から
watch-speed = ステップ/秒
watch-full-speed = 最高速
watch-running = 探索は進行中です。一時停止すると一歩ずつ見られ、一歩ずつ進めることもできます。
watch-paused = 探索は一時停止中です。一歩ずつ戻るか進んで見るか、続けてください。
watch-over = 探索は終わりました。一歩ずつ戻って見直すか、観察をやめてください。
watch-running-to = 次の{ $landmark }まで進んでいます…
watch-no-landmark-before = 観察が覚えている一歩の中に、この一歩より前の{ $landmark }はありません。
watch-moves = { $square } からの手（探索の順、かっこ内は次の手の数）：{ $moves }。
watch-moves-none = { $square } から一手で行ける空いたマスはありません。
goishi-watch-stones = { $stone } と一直線に並ぶ石（探索の順、かっこ内はその先に進める向きの数）：{ $stones }。
goishi-watch-stones-none = { $stone } と一直線に並ぶ残りの石はありません。
pruned-stranded = 赤い輪：{ $stones }。ここからは拾い続けられません。一直線に並ぶ石のない石は二度と拾えず、最後に拾えるのは一つだけで、次の石には先へ進む道が要り、残りの石は互いに一直線でつながっていなければなりません。
pruned-closing = 斜線：出発点 { $square }。一手で行けるマスがすべて道すじの上にあるので、ツアーは出発点に戻れません。
pruned-dead-ends = 斜線：{ $squares }。どれもツアーの終わりにしかなれないか、まったく回れないマスで、ツアーの端が足りません。
pruned-connectivity = 斜線：{ $squares }。ナイトは { $knight } からもうそこへ行けません。
pruned-end-too-early = 斜線：ツアーが最後に着くべきマス { $square } に、最後の手より前に着きました。
watch-move-tried = { $square }（{ $onward }）試した
watch-move-next = { $square }（{ $onward }）次
watch-move-later = { $square }（{ $onward }）この後
watch-move-given-up = { $square }（{ $onward }）試さない
watch-move-passed-over = { $square }（{ $onward }）選ばない
watch-moves-tie = { $moves } 次の手の数が同じ手のうち、中心から遠いマス（それも同じなら手の順で先のマス）へ進みます。
landmark-dead-end = 行き止まり
landmark-backtrack = 後戻り
landmark-prune = 枝刈り
landmark-restart = 再スタート
landmark-solution = 解
watch-starting = 探索を始めています…
step-take = { $cell } へ進む
step-give-back = { $cell } を戻す
step-dead-end = { $cell } で行き止まり：試す手が残っていません
step-prune = { $cell } で打ち切り：{ $rule }
rule-closing = ツアーを閉じるための出発点にもう戻れません
rule-dead-ends = 残りのマスのうち二つが終点にしかなれません
rule-connectivity = 残りのマスが分断されました
rule-end-too-early = 終点に早く着きすぎます
rule-stranded = 残りの石にもう届きません
rule-known = この局面は以前に探索して解がありませんでした
step-rotate = 最初の { $kept } マスの後の経路を逆向きにする
step-restart = 新しい試行を始める
step-found = 解が見つかりました
job-watch-from = { $start } からの探索の観察
job-compare-from = { $start } からの探索の比較
watch-a-search = 探索を観察
compare-searches = 探索を比較
compare-searches-does = 選んだ探索を、選んだマスから同じ速さで並べて実行し、それぞれ最初のツアーまで見せます
compare-from = { $name } から比較：
compare-click-first = マスをクリックして、比較する探索の出発点を選んでください。
compare-choose-two = 比較する探索を二つか三つ選んでください。
compare-with-does = この探索を比較に加えます
lane-tree = 探索木：局面 { $positions }、深さ { $levels } 段
lane-found = ステップ { $steps } で最初のツアー。
lane-no-tour = ツアーなし：{ $steps } ステップで全ての道を試しました。
lane-out-of-steps = { $steps } ステップでツアーが見つからず打ち切り。
lanes-running = 探索は並んで、一歩ずつ同じ速さで進んでいます。一時停止すると一歩ずつ見られます。
lanes-paused = 探索は一時停止中です。一歩ずつ戻るか進んで見るか、続けてください。
lanes-over = どの探索も終わりました。一歩ずつ戻って見直すか、観察をやめてください。
watching-from = { $name } からの{ $algorithm }を観察中…
watched-found = 探索はツアーを見つけました。
click-to-watch = マスをクリックすると、選んだアルゴリズムがそこからツアーを探す様子を一歩ずつ見られます。
comparing-from = { $name } からの探索を比較中…
job-watch-picks = 拾う順の探索の観察
watch-the-search = 探索を観察
watch-the-search-does = パズルを解き、その探索を一手ずつ見せます：拾った石、戻した石、打ち切った局面とその理由
watching-picks = 拾う順の探索を観察中…
watched-solution = 探索は解を見つけました。
watched-built = この盤のツアーは探索せずにタイルを組み合わせて作るので、観察する手順はありません。

## ツアーがない理由
list-separator = 、
no-tour-all-blocked = 盤のマスがすべてふさがれています
no-tour-start-off-board = 出発点 ({ $x }, { $y }) は { $size } の盤の外です
no-tour-start-blocked = 出発点 { $start } はふさがれています
no-tour-end-off-board = 終点 ({ $x }, { $y }) は { $size } の盤の外です
no-tour-end-blocked = 終点 { $end } はふさがれています
no-tour-end-is-start = 2 マス以上のツアーは出発点 { $end } で終わることができません
no-tour-ends-one-colour = ナイトは一手ごとにマスの色が変わるので、{ $squares } マス（偶数）のツアーは出発点と違う色のマスで終わりますが、{ $start } と { $end } はどちらも{ $colour ->
    [dark] 暗い
   *[light] 明るい
}マスです
no-tour-ends-two-colours = ナイトは一手ごとにマスの色が変わるので、{ $squares } マス（奇数）のツアーは出発点と同じ色のマスで終わりますが、{ $start } は{ $start_colour ->
    [dark] 暗い
   *[light] 明るい
}マス、{ $end } は{ $end_colour ->
    [dark] 暗い
   *[light] 明るい
}マスです
no-tour-exhausted = 全探索しても { $start } から{ $end }の{ $kind ->
    [closed] 閉じた
   *[open] 開いた
}ツアーは見つかりませんでした
no-tour-exhausted-end = {" "}{ $end } まで
cli-no-tour = { $size } の盤に { $start } から{ $end }の{ $kind ->
    [closed] 閉じた
   *[open] 開いた
}ツアーはありません：{ $reason }
no-tour-odd-closed = 閉じたツアーは暗いマスと明るいマスを交互に通るので、マスの数は偶数でなければなりません。この盤の空きマスは { $squares } 個です
no-tour-unbalanced-closed = 閉じたツアーは暗いマスと明るいマスを同じ数だけ通ります。この盤の空きマスは暗いマス { $dark } 個、明るいマス { $light } 個です
no-tour-closed-too-small = 閉じたツアーには少なくとも 4 マス必要です。2 マスでは、戻る手が唯一の手の繰り返しになります
no-tour-unbalanced-open = 開いたツアーは暗いマスと明るいマスを交互に通るので、両者の数の差は 1 以下でなければなりません。この盤の空きマスは暗いマス { $dark } 個、明るいマス { $light } 個です
no-tour-wrong-start-colour = 空きマスが暗いマス { $dark } 個、明るいマス { $light } 個の盤では、開いたツアーは{ $majority ->
    [dark] 暗いマスから始まらなければなりませんが、{ $start } は明るいマスです
   *[light] 明るいマスから始まらなければなりませんが、{ $start } は暗いマスです
}
no-tour-schwenk = シュウェンクの定理により、全マスが空いた { $size } の盤には閉じたツアーがありません。両辺が奇数のとき、短い辺が 1・2・4 のとき、盤が 3x4・3x6・3x8 のときは存在しません
no-tour-open-rectangle = 全マスが空いた { $size } の盤には開いたツアーがありません。開いたツアーがあるのは 1x1、3x4、n が 7 以上の 3×n、n が 5 以上の 4×n、両辺が 5 以上の盤だけです
no-tour-four-across = 一辺が 4 マスの全マス空きの盤では、外側の 2 列からのナイトの動きは内側の 2 列にしか届きません。内側の列から始まるツアーは外側のマスを一手おきに、すべて同じ色で訪ねることになりますが、外側の列には両方の色があるので、開いたツアーは外側の列で始まり外側の列で終わります。{ $start } は内側の列にあります
no-tour-unreachable = ほかの空きマスから { $square } に届くナイトの動きがありません
no-tour-closed-leaves = 閉じたツアーはすべてのマスに入って出ていきますが、{ $leaves } にはナイトの動きが一つしか届きません
no-tour-too-many-leaves = { $leaves } にはそれぞれナイトの動きが一つしか届かないので、どれもツアーの端でなければなりませんが、ツアーの端は二つしかありません
no-tour-start-not-an-end = { $leaves } にはそれぞれナイトの動きが一つしか届かないので、どのツアーもこの二つが両端になります。{ $start } はそのどちらでもありません
no-tour-disconnected = 空きマスがつながっていません。{ $from } から { $to } へ行くナイトの動きの並びがありません（空きマス { $open } 個のうち互いに行き来できるのは { $reached } 個）
no-tour-closed-cut = { $cut } を除くと空きマスが { $groups } つのグループに分かれますが、閉じたツアーはどのマスを一つ除いてもつながったままです
no-tour-three-way-cut = { $cut } を除くと空きマスが { $groups } つのグループに分かれます。開いたツアーはそのマスを一度しか通らないので、つなげるのは二つまでです
no-tour-three-links = { $links } は、それぞれ盤の一部と別のマスのグループとをつなぐ唯一のマスです。開いたツアーはそのようなグループの中で終わらなければなりませんが、端は二つしかありません
no-tour-start-splits = { $start } を除くと空きマスが二つのグループに分かれ、そこから始まるツアーはその一方にしか入れません
no-tour-start-between-links = { $start } は、それぞれ別のマスのグループへの唯一のつなぎである { $links } の間にあります。{ $start } から始まるツアーは、そのつなぎの一方しか通れず、戻ってこられません
estimate-exact = { $what }：{ $tours } 個（正確な値：{ $reason }）
estimate-none = { $what }の数は推定できません：{ $attempts } 回の無作為な試行で完成したツアーが一つもありません（もっと長く標本を取ってください。大きな盤ではツアー一つに多くの試行が要ります）
estimate-about = { $what }は約 { $tours } 個。{ $interval }。無作為な試行 { $attempts } 回、うち完全なツアー { $completed } 回から。
interval-95 = 95% 区間 { $low } ～ { $high }
interval-rough = おおよその範囲 { $low } ～ { $high }（完全なツアーが少なすぎて 95% 区間は出せません。もっと長く標本を取ってください）
not-estimated = 推定しませんでした：{ $reason }。
estimate-too-many-squares = 推定できるのは空きマスが { $most } 個までの盤です（この盤は { $squares } 個）。それを超えると、ツアーの重みが浮動小数点数からあふれます
walk-too-long = { $sweep }。代わりにすべてをたどると約 { $nodes } ノードを訪ね、{ $threads } スレッドそれぞれ毎秒 { $rate } 百万ノードで約 { $time } かかります
walk-never-ends = { $sweep }。代わりにすべてをたどると 1e308 を超えるノードを訪ねることになり、終わりません
sweep-over-budget = フロンティア掃引はマス { $square }/{ $squares } で場所が足りなくなりました：メモリ予算 { $budget } を超えて必要です
sweep-over-budget-and-disk = フロンティア掃引はマス { $square }/{ $squares } で場所が足りなくなりました：メモリ予算 { $budget } を超え、作業用ディレクトリの空き { $free } より多くのディスクが必要です（--scratch DIR で別の場所を指定できます）
sweep-too-wide = フロンティア掃引で数えられるのは短い辺が { $widest } マスまでの盤で、この盤は { $width } マスです
sweep-too-long-for-every-length = すべての長さを数えるときは最長の盤より 4 行先まで掃引するので、{ $longest } マスの長さまでです
size-out-of-range = 盤の大きさ { $size } は範囲外です（各辺は 1 ～ { $most }）
generate-stones-out-of-range = { $size } の盤に置ける石は 1 ～ { $points } 個です（指定は { $stones } 個）
generate-too-many = 生成できるパズルの石は { $most } 個までです（指定は { $stones } 個）
generate-too-few = 石 { $stones } 個は少なすぎます。石が { $fewest } 個未満で解が一つのパズルは（石 1 個を除いて）見つかりません。{ $fewest } 個以上を指定してください
generate-too-dense = { $size } の盤の交点 { $points } 個に石 { $stones } 個は密すぎて、解が一つのパズルになりません。指定できるのは { $most } 個までです
generate-none-on-board = { $size } の盤では、石が 2 個以上で解が一つのパズルは生成できません（指定は { $stones } 個）。{ $side }x{ $side } 以上の盤を試してください
generate-beyond-reach = { $size } の盤で唯一解にできる石の数を超えています（指定は { $stones } 個{ $per_line }）。{ $most } 個以下にするか、{ $side }x{ $side } 以上の盤にしてください
generate-per-line = 、一行一列あたり約 3.4 個まで
generate-no-walk = { $size } の盤に、ルールに沿った道すじで石 { $stones } 個を置けませんでした。石を減らしてください
generate-not-found = 石 { $stones } 個で解が一つの { $size } のパズル{ $level }は見つかりませんでした。石を減らすか、別のシードか小さい盤を試してください
generate-rating = （難易度「{ $level }」）
generate-none-of-level = { $attempts } 回試しても、石 { $stones } 個で難易度「{ $level }」の { $size } のパズルは見つかりませんでした。別のシードを試してください
generate-level-out-of-reach = 石 { $stones } 個の { $size } のパズルは難易度「{ $level }」になりません。この盤では石 { $counts } 個でなります
generate-level-never = { $size } のパズルは石の数によらず難易度「{ $level }」になりません。大きな盤を試してください

## 保存した状態（棚、最短記録、盤と設定）
state-unreadable = 保存した状態 { $path } を読めません（{ $reason }）。このウィンドウは初期設定で始まり、このファイルには書き込みません。
state-damaged = 保存した状態 { $path } は壊れていて、何も読めませんでした。元のファイルは { $kept } として残し、このウィンドウは初期設定で始まります。
state-damaged-held = 保存した状態 { $path } は壊れていて、何も読めませんでした。別の名前で残せなかったため、このウィンドウはこのファイルに書き込みません。
state-cut-short = 保存した状態 { $path } は途中で切れていました。切れた所までは読みました。
state-partly-read = 保存した状態 { $path } のうち { $count } 個の値が読めず、初期値にしました。ほかはすべて読みました。
state-copy-kept = 元のファイルは { $kept } として残してあります。
state-copy-not-kept = 写しを作れなかったため、このウィンドウはこのファイルに書き込みません。
state-read-and-kept = { $read }{ $kept }
state-not-saved = 棚、最短記録、盤を保存できませんでした：{ $reason }。このウィンドウの中には残っていて、保存できるようになりしだい保存します。
state-save-waiting = 保存を待っています：別の gridtour ウィンドウが { $path } に保存中です。その間も盤と棚はこのウィンドウに残っています。

## パズルのファイルとリンクの読み込み
parse-error = { $source }：{ $problem }
parse-error-at = { $source }:{ $line }:{ $column }：{ $problem }
parse-cannot-read = ファイルを読めません：{ $error }
parse-too-large = ファイルが { $mib } MiB を超えています
parse-invalid-utf8 = テキストファイルではありません（UTF-8 として正しくありません）
parse-binary = テキストファイルではありません（バイナリデータです）
parse-row-too-long = この行の点が { $columns } 個より多くあります
parse-row-too-short = この行の点は { $found } 個で、{ $columns } 個のはずです
parse-side-out-of-range = { $side ->
    [rows] 行
   *[columns] 列
}の数 { $value } は範囲外です（1 ～ { $most }）
parse-not-a-side = { $side ->
    [rows] 行
   *[columns] 列
}の数があるはずの所に「{ $found }」があります
parse-pick-twice = 拾う番号 { $number } が二度使われています
parse-pick-out-of-range = 拾う番号が範囲外です
parse-ends-before-header = pzprv3 の見出しの前でファイルが終わっています
parse-ends-before-type = パズルの種類の前でファイルが終わっています
parse-ends-before-side = { $side ->
    [rows] 行
   *[columns] 列
}の数の前でファイルが終わっています
parse-ends-before-row = { $rows } 行のうち { $row } 行目の前でファイルが終わっています
parse-not-pzprv3 = 見出しの行「pzprv3」があるはずです
parse-not-goishi = これは碁石拾いではなく「{ $kind }」のパズルです
parse-unknown-pzprv3-cell = 知らないマス「{ $cell }」です（「.」、「0」、または拾う番号のはずです）
parse-no-pencilbox-size = 行の数と列の数があるはずです
parse-unknown-pencilbox-cell = 知らないマス「{ $cell }」です（「1」か「.」のはずです）
parse-not-a-number = 数があるはずの所に「{ $found }」があります
parse-not-an-answer-line = 答えの行「手 行 列」があるはずです
parse-answer-off-board = 答えの点（行 { $row }、列 { $column }）が { $size } の盤の外にあります
parse-too-many-rows = 行が { $most } より多くあります
parse-empty = 行がありません：ファイルが空です
parse-all-rows-empty = どの行も空です
parse-missing-quote = 閉じる引用符がありません
parse-text-after-quote = 閉じる引用符の後に余計な文字があります
parse-unknown-character = 知らない文字「{ $character }」です（石は O、空きは空白か . で書きます）
parse-row-past-most = 行の点が { $most } より多くあります
parse-json = JSON として読めません：{ $detail }
parse-stone-off-board = 石 [{ $x },{ $y }] が { $size } の盤の外にあります
parse-stone-twice = 石 [{ $x },{ $y }] が二度挙げられています
parse-not-a-goishi-link = 碁石拾いのリンクではありません（「...?goishi/列/行/本体」の形のはずです）
parse-link-without-side = { $side ->
    [rows] 行
   *[columns] 列
}の数がありません
parse-after-link-body = 本体の後に余計な「{ $extra }」があります
parse-link-body-too-long = 本体が { $size } の盤に要る長さより長すぎます
parse-bad-link-digit = 正しくない桁「{ $digit }」です（0-9 か a-v のはずです）

## 盤、ツアー、ナイトのリンク
board-side-empty = 盤の{ $side ->
    [width] 幅
   *[height] 高さ
}は 1 以上にしてください
board-side-too-long = 盤の{ $side ->
    [width] 幅
   *[height] 高さ
} { $length } は大きすぎます（最大 { $most }）
board-not-a-size = 盤の大きさ「{ $text }」は 幅x高さ（例：8x8）か N の形ではありません
board-not-a-square = 「{ $name }」はマスの名前ではありません（列の文字の後に段の数を書きます。例：b1）
board-square-off-board = マス「{ $name }」は { $size } の盤の外です
tour-off-board = { $step } 手目：{ $square } は盤の外です
tour-blocked = { $step } 手目：{ $square } はふさがっています
tour-revisited = { $step } 手目：{ $square } は { $first } 手目にもう通っています
tour-not-a-knight-move = { $step } 手目：{ $from } → { $to } はナイトの動きではありません
tour-wrong-length = 道は { $visited } マスを通りますが、盤の空きマスは { $open } 個です
tour-not-closed = ツアーが閉じていません：最後のマス { $last } は最初のマス { $first } からナイトの一手の所にありません
tour-empty = 空の道は閉じたツアーではありません
tour-file-not-json = ツアーのファイルではありません：{ $line } 行 { $column } 桁目：{ $detail }
tour-file-blocked-off-board = ふさがったマス [{ $x }, { $y }] は { $size } の盤の外です
tour-file-start-not-first = 出発点 [{ $x }, { $y }] が道の最初のマスではありません
tour-file-ragged = { $line } 行目：マスが { $squares } 個で、{ $expected } 個のはずです
tour-file-not-a-number = { $line } 行目：{ $square } 番目のマスは「{ $text }」で、手の番号ではありません
tour-file-repeated = 手の番号 { $number } が二度出てきます
tour-file-invalid = 正しいツアーではありません：{ $error }
link-not-a-link = ナイトのリンクではありません（リンクは { $prefix } で始まります）
link-unknown-field = { $column } 桁目：知らない項目「{ $name }」です（項目は { $known }）
link-repeated-field = { $column } 桁目：{ $name } が二度あります
link-missing-size = リンクに大きさ（size=幅x高さ）がありません
link-board = { $column } 桁目：{ $field }：{ $error }
link-start-blocked = { $column } 桁目：start：出発点のマスがふさがっています
link-not-yes-or-no = { $column } 桁目：closed：値なし、1、0 のどれかのはずです（closed、closed=1、closed=0）
link-tour-without-start = ツアーには出発点のマス（start=…）が要ります
link-not-a-move = { $column } 桁目：tour：「{ $found }」は手ではありません（手は 0 ～ 7 の数字です）
link-bad-move = { $column } 桁目：tour：{ $step } 手目が{ $problem ->
    [off] 盤の外に出ます
    [blocked] ふさがったマスに入ります
   *[visited] もう通ったマスに入ります
}
link-not-a-tour = tour：{ $error }
opening-image-without-data = { $source }：gridtour のデータがない { $image } 画像です（開けるのは gridtour が書き出した画像だけです）
opening-written-only = { $source }：{ $kind } ファイルは gridtour が書き出すだけで、読み込めません。パズルのテキスト、JSON、PNG、SVG ファイルかリンクを開いてください
opening-tour = { $source }：{ $error }
opening-numbers-link = { $source }：ナイトツアーのパズルのリンク、{ $error }
opening-link = { $source }：ナイトのリンク、{ $error }

## ファイルと画像の書き出し
write-not-a-file = { $path } に書けません：この名前はファイルを指していません
write-folder = { $path } に書けません：フォルダです。その中のファイル名を指定してください
write-special-file = { $path } に書けません：{ $what ->
    [socket] ソケット
   *[block-device] ブロックデバイス
}には gridtour は書き込みません
write-no-reader = { $path } に書けません：どのプログラムも読んでいない名前付きパイプです
write-no-folder = { $path } に書けません：フォルダ { $folder } がありません
os-not-found = そのファイルもフォルダーもありません
os-permission-denied = アクセスが許可されていません
os-already-exists = 同じ名前のものがすでにあります
os-is-a-folder = それはフォルダーです
os-not-a-folder = パスの途中にフォルダーでないものがあります
os-disk-full = ディスクがいっぱいです
os-quota = ディスクの割り当て量を使い切りました
os-read-only = ディスクは読み取り専用です
os-too-large = ファイルが大きくなりすぎます
os-bad-name = その場所では使えない名前です
os-out-of-memory = メモリーが足りません
os-broken-pipe = 読み手がパイプを閉じました
write-failed = { $path } に書けません：{ $error }
write-not-flushed = { $path } に書けません：ファイルは置き換えましたが、その変更をディスクに書き込めませんでした：{ $error }
memory-not-a-size = 4G、512M、800000000（バイト）のような大きさのはずが「{ $text }」でした
output-unknown-format = 知らない形式「{ $text }」です（{ $names } のどれかのはずです）
output-no-format-for = { $path } に書き出せません：.json、.txt、.svg、.png、.pdf、.gif、.animated.svg、.pzprv3 のどれかで終わる名前にしてください
output-not-for-tours = pzprv3 のファイルに入るのは碁石拾いのパズルで、ナイトツアーやそのパズルは入りません
output-not-a-picture = この形式は画像ではありません
picture-title-numbers = ナイトツアーのパズル { $width }×{ $height }、{ $kind ->
    [closed] 閉じたツアー
   *[open] 開いたツアー
}、1 から { $last } まで
picture-title-goishi = 碁石拾い { $width }×{ $height }、石 { $stones } 個
picture-title-goishi-solution = 碁石拾い { $width }×{ $height }、石 { $stones } 個、解答
picture-title-goishi-picked = 碁石拾い { $width }×{ $height }、石 { $stones } 個、{ $picked } 個拾ったところ
picture-no-cell-size = 画像のマスの大きさは 1 ピクセル以上にしてください
picture-too-large = { $width } x { $height } ピクセルの画像は大きすぎます（一辺 { $side } ピクセル、全体で { $megapixels } メガピクセルまで）。{ $cell ->
    [0] この盤はラスター画像には大きすぎます。代わりに SVG で書き出してください
   *[other] マスの大きさを { $cell } ピクセル以下にしてください
}
picture-page-too-large = { $width } x { $height } ポイントの PDF のページは大きすぎます（一辺 { $most } ポイントまで）。マスの大きさを { $cell } ポイント以下にしてください
picture-empty-sheet = 印刷するパズルが一つもありません
picture-scale-too-large = 倍率 { $scale } では盤がページの枠に収まりません。収まる最大の倍率は { $largest } です（横や縦の数を減らすと盤は大きくなります）
picture-boards-too-small = 1ページに横 { $across } 縦 { $down } の盤を並べると一マスが { $size } mm になり、読める大きさ（{ $smallest } mm）より小さくなります：横や縦の数を減らしてください
picture-animation-too-large = { $width } x { $height } ピクセルのアニメーションは大きすぎます（全体で { $megapixels } メガピクセルまで）。マスの大きさを { $cell } ピクセル以下にしてください
picture-no-memory = { $width } x { $height } ピクセルの画像のメモリを確保できませんでした
picture-speed = 速さは毎秒 { $least } ～ { $most } 手の数にしてください（指定は { $speed }）
picture-encoding = { $what ->
    [pdf] PDF 文書
    [gif] GIF アニメーション
   *[png] PNG 画像
}を書き出せませんでした：{ $detail }
picture-frame = アニメーションのコマが画像の外にあります
picture-font = 組み込みのフォントが読めません：{ $detail }

## 数え上げのチェックポイントと作業用ファイル
sweep-file-no-scratch = メモリに収まらない状態のための作業用ファイルを { $directory } に作れません：{ $error }（--scratch DIR で別のフォルダを指定できます）
sweep-file-scratch = { $path } を{ $doing ->
    [write] 書け
   *[read] 読め
}ません：{ $error }{ $full ->
    [yes] 。この数え上げの状態はメモリに収まらず、それだけのディスクが要ります（--scratch DIR で別の場所に置き、--memory SIZE でメモリに多く置けます）
   *[no] {""}
}
sweep-file-unreadable = { $path } を読めません：{ $error }
sweep-file-not-a-file = { $path } は普通のファイルではありません（チェックポイントは普通のファイルでなければなりません）
sweep-file-in-use = { $path } は別の数え上げが使っています（一つのチェックポイントを使えるのは一度に一つの数え上げだけです）
sweep-file-not-writable = { $path } に保存できません：そのフォルダに書き込めません
sweep-file-not-a-checkpoint = { $path } は gridtour の数え上げのチェックポイントではありません（または別の版のものです）
sweep-file-other-count = { $path } に入っているのは「{ $held }」の数え上げで、「{ $wanted }」のものではありません：別のファイルを指定するか、このファイルを消してこの数え上げを初めからやり直してください
sweep-file-other-version = { $path } にはこの数え上げ（{ $description }）が入っていますが、gridtour の別の版が保存したもので、この版では続けられません：別のファイルを指定するか、このファイルを消してこの数え上げを初めからやり直してください
sweep-file-damaged = { $path } は壊れています{ $damage ->
    [does-not-fit] ：この数え上げに合いません
    [ends-early] ：{ $byte } バイト目で早く終わっています
    [checksum] ：チェックサムが合いません（{ $byte } バイト目より前）
    [states-do-not-fill] ：保存された状態で埋まっていません
    [impossible-state] ：保存した所ではありえない状態が入っています（{ $byte } バイト目）
   *[bad-value] （{ $byte } バイト目）
}
sweep-file-not-saved = { $error }{ $kept ->
    [yes] 。前の保存は残っていて、同じコマンドでそこから続けられます
   *[no] {""}
}

## ナイトツアーのパズル（番号付きツアー）
numbers-unknown-cell = 知らないマス「{ $cell }」です（手の番号、埋めるマスは .、ふさがったマスは # のはずです）
numbers-ragged = この行のマスは { $cells } 個で、最初の行は { $expected } 個です
numbers-solution-shape = 解の行が盤に合いません
numbers-size = { $size } の盤はパズルにできる大きさを超えています（各辺 1 ～ { $most }）
numbers-off-board = マス { $square } は盤の外です
numbers-given-blocked = マス { $square } はふさがっていて番号を置けません
numbers-out-of-range = { $square } の番号 { $number } は 1 ～ { $most } のどれでもありません
numbers-twice = 番号 { $number } が二度与えられています
numbers-two-numbers = マス { $square } に番号が二つあります
mode-numbers = ナイトツアーのパズル
welcome-numbers = はじめてですか？空いたマスをクリックすると次の番号が入ります。どの番号からも次の番号へナイトの 1 手で進めるように埋めてください。F1 で規則が見られます。
title-numbers = ナイトツアーのパズル、{ $source }
numbers-article = 記事の 4×5 の問題
numbers-about = { $source }：{ $size } の{ $kind ->
    [closed] 閉じた
   *[open] 開いた
}ツアー、問題の番号 { $givens } 個、{ $squares } マス中 { $filled } マスが埋まっています。
numbers-about-example = { $source }：問題の番号 { $givens } 個、{ $squares } マス中 { $filled } マスが埋まっています。
numbers-next = クリックすると { $number } が入ります。
numbers-pencil = 鉛筆
numbers-pencil-does = クリックで番号の代わりに鉛筆の印を付けます：置く番号（入れた番号、なければまだない最小の番号）の印を、クリックしたマスに付けるか外します。元に戻すと印も戻ります
numbers-next-mark = クリックすると { $number } の印を鉛筆で付けます。
numbers-mark-refused = 鉛筆の印を付けられるのは空いたマスだけで、番号は 1 から { $last } までです（{ $number } が指定されました）。
numbers-type = 置く番号
numbers-type-does = ここに番号を入れてからマスをクリックすると、そのマスにその番号が入ります（番号があれば置き換えます）。空のときは、クリックでまだない最小の番号が入ります
numbers-full = すべての番号が盤にあります。
numbers-level = 難しさ
numbers-request = { $size } の{ $kind ->
    [closed] 閉じた
   *[open] 開いた
}ツアー、{ $level }、シード { $seed }
numbers-generated-source = 生成した問題（シード { $seed }）
numbers-generated = 解が 1 つの問題を生成しました：{ $request }。
numbers-level-not-offered = この難しさの問題は { $squares } マスまでの盤で作ります。それより大きいと、作るのに何分もかかることがあります。
numbers-level-stepped-down = 「{ $chosen }」は { $squares } マスまでの盤用です。この盤では「{ $level }」のパズルを生成します。
numbers-holes = 穴あき盤（1 だけ与える）
numbers-holes-does = 記事の形の問題を作ります：マスをふさぎ、1 だけを置いて、ツアーが一つだけ残るようにします（閉じたツアーでは向きごとに一つ）。難しさは選びません
numbers-holes-form = 穴あき盤で 1 だけ与える形
numbers-holes-not-offered = 穴あき盤で 1 だけ与える問題は、{ $squares } マスまでの盤で作ります。
numbers-example = { $size } の{ $kind ->
    [closed] 閉じた
   *[open] 開いた
}ツアー{ $holes ->
    [0] {""}
   *[other] 、穴 { $holes } 個
}、{ $level }
numbers-copy-link-does = この問題への 1 行のリンク（盤と問題の番号。自分で入れた番号は含みません）をクリップボードに入れます。ウィンドウに貼り付ける（Ctrl+V）か、gridtour numbers に渡せます
numbers-link-copied = 問題のリンクをコピーしました（{ $length } 文字）。
numbers-generate-does = 選んだ大きさ、種類、難しさで、解がちょうど 1 つの新しい問題を作ります
numbers-hint-does = 盤から決まる番号とその理由を、なければ解の次の番号を示します
numbers-check-does = 入れた番号のまま最後まで埋められるか、どの規則を破っているかを答えます
numbers-restart-does = 入れた番号をすべて取り消します（元に戻すで戻せます）
numbers-check-broken = 確認：{ $rule }。
numbers-laid-broken = ルール違反：{ $rule }。
numbers-hint-broken = ヒント：まずルール違反を直してください：{ $rule }。
numbers-check-fine = 確認：問題ありません。このまま最後まで埋められます。
numbers-check-dead-end = 確認：入れた番号のままでは解がありません。元に戻してください。
numbers-hint-forced = ヒント：{ $number } は { $square } に入ります。{ $from_square } の { $from } からナイトの 1 手で行ける空きマスのうち、次の番号まで届くのはそこだけです。
numbers-hint-solution = ヒント：{ $number } は { $square } に入ります。
numbers-solved-in = { $time } で解けました{ $hints }：すべてのマスが埋まり、どの番号からも次の番号へナイトの 1 手で進めます。
numbers-solved = 解けました：すべてのマスが埋まり、どの番号からも次の番号へナイトの 1 手で進めます。
numbers-play-blocked = { $square } はふさがっていて、数は置けません
numbers-play-given = { $square } の数は問題に書かれた数で、動かせません
numbers-play-out-of-range = { $number } は 1 から { $last } までの数ではありません
numbers-play-empty = { $square } には戻せる数がありません
numbers-broken-twice = { $number } が { $first } と { $second } の 2 か所にあります
numbers-broken-out-of-reach = { $from_square } の { $from } と { $to_square } の { $to } はつながりません：ナイトは { $moves } 手でその間を動けません
numbers-broken-not-closed = 閉じたツアーなのに、最後の数の { $last } が 1 の { $first } からナイトの 1 手の位置にありません
numbers-answer-valid = 正しい解です：1 から { $last } までのすべてのマスが埋まり、各数から次の数へナイトの 1 手で進めます
numbers-answer-incomplete = まだ解ではありません：空いたマスが { $missing } 個あります
numbers-link-not-a-link = ナイトツアーのパズルへのリンクではありません（リンクは { $prefix } で始まります）
numbers-link-not-a-given = { $column } 桁目：問題の番号は a1:1 のように、マスとその番号で書きます
numbers-link-puzzle = { $column } 桁目：{ $error }
numbers-generate-no-tour = この盤にはパズルの元になるこの種類のツアーがありません
numbers-generate-too-large = パズルを作れる盤は一辺 { $most } までです
numbers-generate-holes-too-large = 記事の形の問題を作れる盤は、空いたマスが { $most } 個までです
numbers-generate-none-of-level = この盤の { $tours } 通りのツアーから作ったパズルはどれも「{ $level }」になりませんでした（最も難しいもので「{ $reached }」）：別のシード、易しいレベル、大きな盤を試してください

## The command line's help, manual pages and completions
# Headings of the options

cli-heading-board = 盤
cli-heading-tour = ツアー
cli-heading-counting = 数え上げ
cli-heading-estimating = 推定
cli-heading-analysis = 分析
cli-heading-solving = 解く
cli-heading-generating = 問題を作る
cli-heading-output = 出力
cli-heading-resources = 計算資源
cli-heading-printing = 印刷
cli-heading-arguments = 引数
cli-heading-options = オプション
cli-heading-commands = サブコマンド
cli-help-usage = 使い方
cli-help-examples = 例
cli-help-default = （既定：{ $value }）
cli-help-help = ヘルプを表示します
cli-help-version = バージョンを表示します

# What each command does

cli-about-gridtour = ナイトツアーと碁石拾いのパズル。サブコマンドがなければウィンドウを開きます。
cli-about-knight = ナイトツアーを見つけ、数え、分析します。
cli-about-goishi = 碁石拾いの問題を解き、解を数え、答えを確かめ、新しい問題を作ります。
cli-about-numbers = ナイトツアーのパズル（番号付きのツアー）を解き、解を数え、答えを確かめ、新しい問題を作ります。
cli-about-completions = シェルの補完スクリプトを表示します（例：`gridtour completions bash > /etc/bash_completion.d/gridtour`）。
cli-about-manual = マニュアルページを roff で表示します（例：`gridtour manual | man -l -`）。サブコマンドのページも表示できます（`gridtour manual knight`）。
cli-about-help = このヘルプか、指定したサブコマンドのヘルプを表示します
cli-help-help-subcommand = ヘルプを表示するサブコマンド

# Options of the window and every subcommand

cli-help-gridtour-open = サブコマンドがないとき：ウィンドウで開くファイル、ナイトのリンク（gridtour:knight?..）、または puzz.link の URL。ウィンドウの「開く…」と同じように開きます。
cli-help-progress = 長い仕事の間、標準エラーが端末でなくても、5 秒ごとに進み具合を 1 行書きます（端末にはいつも 1 行で進み具合を表示します）。
cli-help-memory = 数え上げの表が使ってよいメモリ（ウィンドウでも同じ）。例：4G、512M。既定はマシンのメモリの 4 分の 1 で、プロセスのアドレス空間の上限の半分までです。
cli-help-scratch = 状態が --memory に収まらない数え上げが、代わりに状態を書き出すフォルダ（ウィンドウでも同じ）。既定はシステムの一時フォルダです。
cli-help-threads = ソルバーと数え上げが仕事を分け合うスレッドの数（ウィンドウでも同じ）。1 から 1024 まで。既定はマシンのすべてのコアです。
cli-help-lang = メッセージの言語：en（英語）か ja（日本語）。既定はロケール（LC_ALL、LC_MESSAGES、LANG）の言語で、そのどちらでもなければ英語です。
cli-help-output = 結果を標準出力ではなく FILE に書きます（置き換えは不可分なので、書き込みが途中で止まっても元のファイルはそのまま残ります）。PNG、PDF、GIF には、これかリダイレクトした標準出力が要ります。
cli-help-cell = 絵の 1 マス（または格子の間隔）の画素数（PDF ではポイント数）。既定は SVG では 40、PNG と GIF では盤に合わせた大きさです（1 辺がそれぞれ約 4000 画素と 1000 画素）。PDF は A4 にもレターにも収まる大きさで、1 マス 36 ポイント（半インチ）までです。
cli-help-numbers = 絵に手の番号（または拾う順の番号）を書きます。既定では 1,024 マスまでの盤で書きます。
cli-help-no-numbers = 絵に番号を書きません。
cli-help-labels = 絵の盤の周りに列（a、b、c… または 1、2、3…）と行の名前を書きます（ウィンドウと同じ）。
cli-help-speed = アニメーションで 1 秒に進む手数（または拾う石の数）。既定では道筋全体を約 12 秒で見せ、1 秒に 4 手以上です。
cli-help-web-base = --format link と共に：gridtour のウェブページ（index.html）のアドレス。リンクはそのページのアドレスの # の後に付けて書き出され、ブラウザーで開くとその盤が表示されます。
cli-help-max-steps = --trace と一緒に：この手数で記録を止めます（探索も止まります）。
cli-help-marks = --trace を gif か animated-svg で描くとき：探索がいる場所から、試した手（小さな灰色の輪）とまだ試す手（緑の輪、次の手は塗りつぶし）を示します。ナイト：単純な深さ優先探索、バックトラック、ワーンスドルフの最初の歩み。碁石拾い：最初のやり直しまでの、一直線に並ぶ石。
cli-marks-need-picture = --marks は絵に輪を描きます：--format gif か animated-svg を加えてください
cli-help-count = 解を一つ示す代わりに、解の数を数えます。
cli-help-limit = 解をこの数まで数えたら止めます（2 なら「解は一つか」がわかります）。
cli-help-seed = 問題を作るときのシード：同じシードからは同じ問題ができます。
cli-help-print = 代わりに印刷用の用紙を PDF で作ります：1 ページに横 W 縦 H の盤（例 3x4）を、問題の数だけのページに並べます。盤には列と行の名前、見出しと、ウィンドウで開くリンクが付きます。指定した問題を、--generate では --puzzles の数だけ新しく作った問題を印刷します。
cli-help-puzzles = --print と --generate で：作る違う問題の数。それぞれ別のシードから作ります（最初は --seed から）。
cli-help-with-solutions = --print で：問題のページの後に、解答をそれぞれの問題と同じ見出しで別のページに載せます。
cli-help-scale = --print で：盤の大きさを既定の何倍にするか。既定は枠に収まる最大の大きさ（一マス最大 1 cm）です。1 未満で小さく、1 を超える値はページに余裕があるときだけ使えます。
cli-help-paper = --print で：a4 か letter。既定はロケール（LC_ALL、LC_PAPER、LANG）によります：アメリカ合衆国やカナダなどレターを使う国では letter、ほかは a4。

# gridtour knight

cli-help-knight-link = ナイトのリンク（gridtour:knight?size=…、--format link が書き出すもの）：その盤、ツアーの種類、出発点、ツアーを使います。指定したオプションがそれぞれに優先します。ツアーが入っていて、ほかに指定がなければ、そのツアーを書き出します。
cli-help-knight-size = 盤の大きさ：幅x高さ（例：8x8、5x6）。N x N の盤なら N だけでも指定できます。
cli-help-knight-start = 出発点のマスをチェスの記法で：列は a..z、その先は aa、ab、..。行 1 がいちばん下の行です。省くとツアーは a1 から始まり、数え上げは盤全体の向きのないツアーを数えます。
cli-help-knight-end = --start と一緒に：--start から出てこのマスで終わる開いたツアー（--algo にかかわらず全探索で見つけます）。--count と一緒なら、そのようなツアーの数を数えます。
cli-help-knight-closed = 閉じたツアー（最後のマスから最初のマスへナイトの一手で戻れるもの）を求めます。
cli-help-knight-algo = ソルバー：warnsdorff（速く、うまくいかなければ探索に切り替えます）、backtrack（枝刈りつきの全探索）、dfs（決まった順に手を試す素朴な深さ優先探索で、枝刈りはしません。小さい盤向けです）。
cli-help-knight-trace = ツアーの代わりに探索の手順を、標準出力に JSON の行で書きます：{"{"}"step":1,"event":"push","square":"a1","tries":["b3","c2"],"onward":[5,5]{"}"}（dfs と backtrack はそこから試すマスを試す順に、それぞれの次の手の数とともに示します）のあとに push、pop、dead-end、prune（"rule" つき）、rotate、restart、found が続きます。--format gif か animated-svg なら探索を絵にします：一手ごとの道筋を、探索が戻るとおりに戻りながら描きます。
cli-help-knight-blocked = ツアーが通れないマス。コンマで区切ります（例：a1,c3）。
cli-help-knight-count = ツアーを書き出す代わりに数えます：--start があればそこから出る向きのあるツアーを、なければ盤の向きのないツアーを数えます。
cli-help-knight-every-length = --count と一緒に：短い辺と同じ幅で、長さが 1 から長い辺までのすべての盤（6x12 なら 6x1、6x2、.. 6x12）のツアーを 1 回のフロンティア掃引で数え、掃引がそこを過ぎるたびに 1 行ずつ書きます。ふさがったマスがなく、短い辺が 8 までの盤で使えます。
cli-help-knight-checkpoint = --count と一緒に：数え上げの途中経過を数分ごとに FILE に（不可分に）保存し、同じコマンドをもう一度実行すると保存したところから続けます。数え終わると FILE を消します。フロンティア掃引で数えるときだけ使えます（空いたマスが 36 より多く、短い辺が 8 までの盤）。
cli-help-knight-checkpoint-every = --checkpoint へ保存する間隔の秒数（0 ならマスごとに保存します）。
cli-help-knight-force = 1 時間より長くかかると見積もった数え上げでも始めます（Ctrl+C で止められます）。
cli-help-knight-estimate = --count が数えるはずのツアーの数を、ランダムなツアーの試みから、95% 区間つきで推定します。数えきれない大きな盤に使います。
cli-help-knight-seconds = --estimate が試みを続ける秒数（すべてのコアで試みます）。
cli-help-knight-seed = --estimate のランダムな試みのシード。
cli-help-knight-failing-starts = 最小のものを最初に選ぶ素朴なワーンスドルフ則が行き詰まる出発点を一覧にし、既定のソルバーがそれぞれからツアーを見つけることを確かめます。
cli-help-knight-format = 出力の形式：text、json、link（ナイトのリンク）、svg、png、pdf（印刷するページ）、gif、animated-svg。既定は text です。

# gridtour goishi

cli-help-goishi-puzzle = 問題のファイル（テキスト、pzprv3、ペンシルボックス形式、JSON）か puzz.link の URL。--print では用紙に載せるだけいくつでも。
cli-help-goishi-no-solution = 問題を解かずに、そのまま書き出します（印刷用の白紙の問題や、ほかの形式への書き換えに使います）。
cli-help-goishi-trace = 解の代わりにソルバーの手順を、標準出力に JSON の行で書きます：{"{"}"step":1,"event":"pick","point":[x,y]{"}"} のあとに pick、unpick、prune（"rule" は stranded か known-dead）、restart、found が続きます。探索は 1 つのスレッドで行います。--format gif か animated-svg なら、探索を一手ずつ絵にします。
cli-help-goishi-rate = 解を示す代わりに問題の難しさを評価します：easy、medium、hard のどれかを、解の途中で選びうる誤った拾い方と、そのうち最も難しいものが行き詰まるまでの探索の大きさから決めます。
cli-help-goishi-check = この JSON ファイルの拾う順（[x,y] の点のリスト、または "order" のリストを持つオブジェクト）が問題に合っているかを確かめます。
cli-help-goishi-generate = この大きさ（幅x高さ）で、解がちょうど一つの新しい問題を作ります。
cli-help-goishi-stones = 作る問題の石の数（既定は点の数の 30%）。
cli-help-goishi-difficulty = 作る問題の難しさ（easy、medium、hard。--rate を参照）：その難しさの問題ができるまで、新しいシードで作り直します。
cli-help-goishi-format = 出力の形式：text、json、pzprv3、url（puzz.link の URL）、svg、png、pdf（印刷するページ）、gif、animated-svg。既定は text で、--print は PDF を書きます。

# gridtour numbers

cli-help-numbers-puzzle = 問題のファイル（テキストか JSON）、またはリンク（gridtour:numbers?...）。--print では用紙に載せるだけいくつでも。
cli-help-numbers-no-solution = 問題を解かずに、そのまま書き出します。
cli-help-numbers-rate = 手で解くときの難しさを評価します：それぞれの推論で見つかる番号の数と、試しに置いてみなければならない番号の数を示します。
cli-help-numbers-check = このファイルの埋めた盤（テキストか JSON で、空いたマスすべてに番号があるもの）が問題に合っているかを確かめます。
cli-help-numbers-generate = この大きさ（幅x高さ）の盤で、解がちょうど一つの新しい問題を作ります。
cli-help-numbers-closed = 作る問題のツアーを閉じたツアーにします。
cli-help-numbers-blocked = 作る問題の盤のふさがったマス。コンマで区切ります（例：a1,h8）。
cli-help-numbers-level = 作る問題の難しさ（--rate の評価で）：easy、medium、hard（hard では、解を一つに決めるのに要らない番号を残しません）。
cli-help-numbers-holes = 代わりに記事の形の問題を作ります：マスをふさぎ、1 だけを置いて、ツアーが一つだけ残るようにします（閉じたツアーでは向きごとに一つ）。空いたマスが 42 個までの盤で作り、--blocked のマスは初めからふさぎます。
cli-help-numbers-format = 出力の形式：text、json、link、svg、png、pdf（印刷するページ。絵にできるのは解いたパズルだけです）。既定は text で、--print は PDF を書きます。
cli-help-numbers-text-form = テキストの問題は 1 行が盤の 1 行です：手の番号を書き、埋めるマスは .、ふさがったマスは # にします。1 行目が `closed` なら閉じたツアーを求めます。

# gridtour completions and gridtour manual

cli-help-completions-shell = シェル：bash、zsh、fish、elvish、powershell のどれか。
cli-help-manual-subcommand = knight、goishi、numbers のどれか。省くとプログラムそのもののページです。

## 印刷する問題用紙
sheet-title-goishi = 碁石拾い
sheet-title-numbers = ナイトツアーのパズル
sheet-heading = { $heading }、{ $part }
sheet-size-goishi = { $width }×{ $height }、石 { $stones } 個
sheet-size-numbers = { $width }×{ $height }、{ $kind ->
    [closed] 閉じた
   *[open] 開いた
}ツアー
sheet-caption = 第 { $number } 問
sheet-solutions = 解答：{ $heading }
sheet-no-solution = { $caption }：解なし
sheet-one-of-several = { $caption }：複数ある解のひとつ
sheet-too-few-different = この種類の違うパズルは { $found } 問しか作れず、{ $wanted } 問に足りません：数を減らすか、盤を大きくしてください
sheet-seeds-skipped = シード { $seeds } ではパズルができなかったので飛ばしました（{ $count } 個）

## 観察中の探索の横に出すコード
code-dfs-search = 探索(マス)：
code-dfs-put = ナイトをマスに置く
code-dfs-found = すべてのマスを通ったら：ツアー
code-dfs-each-move = マスからの八つの手を、決まった順に：
code-dfs-go = 空いたマスに着くなら：探索(そのマス)
code-dfs-dead-end = 試す手が残っていない：行き止まり
code-dfs-take-back = ナイトをマスから戻す
code-backtrack-prune = 規則からツアーが続かないと分かったら：ここであきらめる
code-backtrack-order = 一手で行ける空いたマスを、次の手が少ない順に並べる
code-backtrack-each-move = その順に一つずつ：探索(そのマス)
code-warnsdorff-start = ナイトを出発点に置く
code-warnsdorff-repeat = すべてのマスを通るまで：
code-warnsdorff-go = 次の手が最も少ない空いたマスへ進む
code-warnsdorff-stuck = 終わる前に詰まった：次の同点の決め方でやり直す
code-warnsdorff-rotate = 閉じたツアー：道すじの後ろを逆にして、終わりを出発点の隣にする
code-warnsdorff-found = ツアー
code-warnsdorff-fall-back = どの歩き方も失敗した：後戻りで探索し、規則からツアーがないと分かる所であきらめる
code-warnsdorff-back = ナイトを戻す
code-goishi-each-first = 最初に拾う石をそれぞれ選んで：
code-goishi-search = 探索(石)：
code-goishi-pick = 石を拾う
code-goishi-found = すべての石を拾ったら：解
code-goishi-prune = 残った石にもう届かないか、前に失敗した局面なら：ここであきらめる
code-goishi-each-next = 前、左、右（後ろは不可）の線上で最初の石それぞれに：探索(その石)
code-goishi-take-back = 石を元に戻す
watch-code = コード
