# The window's words in English. Ids are grouped by where they show.

## Commands every mode has
seek = Move
seek-does = Show the path up to this move
previous-tour = Previous tour
previous-tour-does = Show the previous tour the count kept
next-tour = Next tour
next-tour-does = Show the next tour the count kept
previous-solution = Previous solution
previous-solution-does = Show the previous solution found
next-solution = Next solution
next-solution-does = Show the next solution found
answer-yes = Stop it and go on
answer-yes-does = Stop the running job and do what was asked
answer-no = Keep it running
answer-no-does = Leave the running job alone
showing-tour = Showing tour { $index } of the { $kept } kept
showing-solution = Showing solution { $index } of the { $found } found
no-tours-kept = No tours kept for browsing.
no-solutions-kept = No solutions kept for browsing.
moves-per-second = Moves/s
loop = Loop
within-a-minute = Within a minute
within-a-minute-does = Play a long path faster than Moves/s, so that the whole of it takes at most a minute
playing-faster = This path plays at { $speed } moves a second, to last a minute.
width = Width
height = Height
undo = Undo
redo = Redo
first = First
back = Back
play = Play
pause = Pause
forward = Forward
last = Last
undo-does = Take back the last move or edit
redo-does = Make the move or edit taken back again
first-does = Show the path's first move
back-does = One move back along the path
play-does = Play the path move by move
pause-does = Stop playing
forward-does = One move forward along the path
last-does = Show the whole path
open = Open…
export = Export…
cancel = Cancel
pause-job = Pause job
resume-job = Resume job
fit-board = Fit board
help = Help
zoom-in = Zoom in
zoom-out = Zoom out
show-mode-does = Switch mode; a running job goes on
open-does = Open a tour or a Goishi puzzle: any file gridtour exports, pzprv3, PencilBox
export-does = Save the tour or puzzle on show: .json, .txt, .svg, .png, .pdf, .gif, .animated.svg, .pzprv3
print = Print…
print-does = Make a sheet to print, as PDF: the puzzle on show, or new puzzles like Generate makes, with their solutions on pages after them
print-save = Save PDF…
print-save-does = Make the sheet and save it where you choose
print-view = Open in PDF viewer
print-view-does = Make the sheet and open it in the system's PDF viewer, to print from there
print-cancel-does = Stop making the sheet
cancel-does = Stop the running job
pause-job-does = Hold the running job where it is, freeing the cores; Resume job goes on
resume-job-does = Let the paused job go on from where it was
fit-board-does = Show the whole board
help-does = The rules of the puzzle on show, every key, and About
zoom-in-does = Magnify the board
zoom-out-does = Reduce the board
board-labels = Board labels
got-it = Got it
welcome-goishi = New here? Choose Play mode and click a stone to start picking, or press Solve to watch the stones picked up; press F1 for the rules of each game.
ready = Ready
welcome = New here? Click a square of the board to watch a knight's tour start from it; press F1 for the rules of each game.
job-running = { $label }… { $progress }
job-paused = { $label }… paused — { $progress }
other-mode-running = {" · "}{ $mode }: { $label }… (running)
files-busy = {" · "}a file dialog, read or write is under way
keys-window = Window
keys-every-mode = Every mode
the-pasted-link = the pasted link
the-link-given = the link given
saved = Saved { $path }
job-stopped-for = stopped for { $other }
job-cancelled = cancelled
job-ended-without-search = { $label }: { $how } (no search was needed)
close-during-job = { $label } has run for { $time }: closing the window stops it. A count of tours is taken up from its last save at the next start; other work is lost.
close-anyway = Close anyway
close-anyway-does = Close the window and stop the work
keep-working = Keep working
keep-working-does = Keep the window open and let the work go on
job-ended = { $label }: { $how } — { $progress }
status-watch = { $label }: step { $step }{ $total } (a step: one move tried, taken back or given up)
status-watch-total = {" "}of { $total }
mode-knight = Knight's tour
mode-goishi = Goishi Hiroi
ms-per-frame = { $ms } ms/frame
frames-per-second = { $rate } fps

## A job's counters
progress-nodes = { $n } nodes
progress-attempts = { $n } random attempts
progress-found = , { $n } found
progress-complete-tours = , { $n } complete tours
progress-seconds = , { $s } s
progress-minutes = , { $time } min
progress-rate = , { $rate }/s
progress-detail = {" "}({ $detail })
detail-sampling = sampling for { $seconds } s, { $left } s to go
detail-composing = making block { $block } of { $blocks }
detail-counting-from = searched from { $searched } of { $stones } starting stones{ $left }
detail-time-left = , about { $time } to go
detail-proving-unique = proving the { $stones }-stone puzzle unique
detail-rating = rating the { $stones }-stone puzzle
detail-waiting-for-file = waiting for the count stopped before to finish saving what it had done
detail-sweep-sizing = {" "}for a count beyond 64 bits, its size
detail-sweep-modulo = {" "}for a count beyond 64 bits, modulo prime { $prime } of { $primes }
detail-sweep = frontier sweep{ $pass }: square { $square } of { $squares }, { $states } states{ $more }
detail-sweep-left = , about { $time } to go in this sweep
detail-sweep-range = {" "}(between { $soonest } and { $latest })
detail-sweep-up-to = {" "}(at most { $latest })
detail-sweep-at-most = , at most { $latest } to go in this sweep
detail-sweep-peak = , peak about { $states } states and { $bytes }
detail-forecast = {" "}(forecast)
detail-forecast-measured = {" "}(forecast from a measured count of this board)
detail-spill-writing = ; next states written to disk in { $groups } groups to be added up
detail-spill-adding = ; next states added up on disk, group { $group } of { $groups }
detail-taken-up = ; taken up after square { $square }
detail-saved = ; saved after square { $square }
detail-recording = recording the steps of the long board's sweep: { $states } states met at this square
detail-checkpoint-reading = reading the { $states } states saved after square { $square } of { $squares } from the checkpoint file
detail-checkpoint-saving = saving the { $states } states after square { $square } of { $squares } to the checkpoint file
detail-walk = exhaustive walk of about { $nodes } nodes{ $left }: { $why }
detail-walk-left = , { $time } to go at this rate
headway = { $percent }%
headway-left = { $percent }%, about { $time } left
headway-range = { $percent }%, about { $time } left (between { $soonest } and { $latest })
headway-up-to = { $percent }%, about { $time } left (at most { $latest })
headway-at-most = { $percent }%, at most { $latest } left
duration-years = { $n } years
duration-days = { $n } days
duration-hours = { $n } hours
duration-minutes = { $n } minutes
duration-seconds = { $n } seconds
duration-one-second = 1 second

## The Help window
help-rules = Rules
help-keys = Keys
help-about = About
keys-or = {" "}or{" "}
about-description = Solve, explore and animate knight's tours and Goishi Hiroi puzzles
about-licence = Licence: { $licence }
about-manual = The manual is docs/GUIDE.md and the engines are explained in docs/ALGORITHMS.md, beside the program's source.
about-puzz-link = Goishi Hiroi puzzles on puzz.link
about-closed-tours = Closed tours of 2n x 2n boards (OEIS A001230)
about-open-tours = Open tours of n x n boards (OEIS A165134)

## Files
filter-numbered-board = Numbered board
filter-svg = SVG image
filter-png = PNG image
filter-pdf = PDF page to print
filter-gif = Animated GIF
filter-animated-svg = Animated SVG (name.animated.svg)
filter-gridtour-files = gridtour files
filter-all-files = All files
open-dialog-title = Open a tour or a Goishi Hiroi puzzle
export-dialog-title = Export
print-dialog-title = Save the sheet to print
trace-export-dialog-title = Save the search as an animation
trace-export-format = a watched search saves as an animated GIF (.gif) or an animated SVG (.svg)
print-title = Print
print-no-puzzles = The knight's tour mode has no puzzles to print: Export saves its tour as PDF. Print sheets of Goishi Hiroi or knight's tour puzzles from their modes.
print-on-show = The puzzle on show
print-new = New puzzles:
print-new-like-generate = New puzzles are made as Generate makes them, from its seed on.
print-new-not-offered = Generate cannot make new puzzles as the mode is set up (Generate says why), so Print makes none either.
print-boards-a-page = Boards a page:
print-across = across
print-down = down
print-with-solutions = Solutions on pages after the puzzles
print-paper = Paper:
print-paper-a4 = A4
print-paper-letter = Letter
print-making = Making the sheet: { $made } of { $wanted } puzzles
print-opened = Opened { $path } in the PDF viewer
print-and-skipped = { $said } (Note: { $skipped }.)
print-no-viewer = The sheet is saved as { $path }, but no PDF viewer could be started: { $error }
print-failed = The sheet could not be made: { $error }
web-save-as = Save as (the name's ending chooses the format: { $endings })
print-viewer-not-found = { $program } is not installed
print-viewer-failed = { $program } found no program to open it (it ended with status { $code }); open the file yourself
no-dialog = No file dialog here: install zenity or xdg-desktop-portal (puzzles can also be dropped on the window or pasted as a URL)
open-failed = { $error }
save-failed = { $error }
start-tours = Start tours
edit-blocked = Edit blocked squares
play-mode = Play mode
clear-blocked = Clear blocked squares
new-walk = New walk
copy-link = Copy link
count-tours = Count tours
estimate-tours = Estimate tours
clear-blocked-does = Open every blocked square (undo brings them back)
new-walk-does = Put the walk away and place the knight anew (undo brings it back)
count-tours-does = Count every tour of the board, or only those from the chosen square
copy-link-does = Put a one-line link to this board on the clipboard: size, kind, blocked squares, the chosen square and the tour on show; paste it into the window (Ctrl+V) or give it to gridtour knight
estimate-tours-does = Estimate what Count tours would count, from a minute of random tour attempts, with the range the count should lie in: for boards too big to count

## The knight's tour mode
open-tour = Open tour
closed-tour = Closed tour
algorithm = Algorithm
algorithm-warnsdorff = Warnsdorff's rule
algorithm-backtrack = Backtracking
algorithm-dfs = Plain depth-first search
move-numbers = Move numbers
play-hints = Hints in play mode
play-hints-does = Each square the knight can go to shows its onward moves as dots (Warnsdorff's count); squares no walk can reach any more are marked
failing-starts = Show Warnsdorff failing starts
failing-starts-too-big = Only for boards of at most { $squares } squares: it runs Warnsdorff's rule from every square
only-tours-from = Only tours from { $square }
only-tours-from-clicked = Only tours from the clicked square
click-to-place = Click a square to place the knight.
click-to-block = Click a square to block or unblock it.
click-to-start = Click a square to start a tour from it.
closed-tour-done = Closed tour from { $start }: all { $squares } squares and back to { $start } in { $moves } moves.
return-to-close = {" "}Return to { $start } to close it.
can-be-closed = {" "}Its ends are a knight's move apart: it can be closed.
open-tour-done = Tour complete: open, from { $start }, { $squares } squares, { $moves } moves.{ $more }
stuck = Stuck on { $here } after { $visited } of { $squares } squares: no unvisited square is a knight's move away.
walk-so-far = Square { $visited } of { $squares } from { $start }; the knight is on { $here }.
squares-lost = { $others ->
    [0] { $first } can
    [one] { $first } and 1 other square can
   *[other] { $first } and { $others_grouped } other squares can
} no longer be reached: this walk cannot become a tour. Undo to go back.
start-blocked = { $name } is blocked; a tour cannot start there.
searching-from = Searching a tour from { $name }…
counting = Counting { $what }…
estimating = Estimating { $what } for { $seconds } s…
opened = Opened { $source }.
count-running = A count is running
estimate-running = An estimate is running
failing-starts-running = The failing-starts analysis is running
to-block = block or unblock { $name }
to-start-from = start a tour from { $name }
to-resize = resize the board to { $size }
to-clear-blocked = clear the blocked squares
to-undo-edit = undo the last board edit
to-redo-edit = redo the board edit
stop-to = { $what }. Stop it to { $action }?
copied-link = Copied a link to the board ({ $length } characters).
copied-link-with-tour = Copied a link to the board and its tour ({ $length } characters).
job-done = done
job-no-tour = no tour
no-tour = No tour: { $reason }
counted-directed-open = { $count } directed open tours from { $start }.
counted-directed-closed = { $count } directed closed tours from { $start } (each closed tour once per direction).
counted-undirected-open = { $count } undirected open tours (each counted once, not once per direction).
counted-undirected-closed = { $count } undirected closed tours (each cycle counted once).
no-tours = No tours: { $reason }
more-memory-may-fit = {" "}Started with more memory (gridtour --memory 16G) the sweep may fit.
work-about = , about { $time } of work
not-counted = Not counted{ $work }: { $why }.{ $more_memory }
failing-starts-found = Plain Warnsdorff dead-ends from { $failing } of { $squares } start squares, tinted on the board: { $names }.
failing-starts-none = Plain Warnsdorff completes an open tour from every one of the { $squares } start squares.
failing-starts-open-only = Only for open tours: plain Warnsdorff's rule walks an open tour
count-cut-short = Count { $how } after { $progress }; the tours kept so far can still be browsed.
search-cut-short = Search { $how }.
estimate-cut-short = Estimate { $how }.
failing-starts-cut-short = Failing-starts analysis { $how }.
refused-off-board = { $square } is off the board.
refused-blocked = { $name } is blocked.
refused-complete = The tour is complete.
refused-not-a-knight-move = { $name } is not a knight's move from { $from }.
refused-visited = { $name } was visited at move { $at_move }.
directed-open-tours = directed open tours from { $start }
directed-closed-tours = directed closed tours from { $start }
undirected-open-tours = undirected open tours
undirected-closed-tours = undirected closed tours
count-undirected-open = undirected open tours (each counted once, not once per direction)
count-undirected-closed = undirected closed tours (each cycle counted once)
count-directed-open = directed open tours from { $start }
count-directed-closed = directed closed tours from { $start } (each closed tour once per direction)
count-directed-odd-start = directed { $closed ->
    [yes] closed
   *[no] open
} tours from { $start }
count-to-end = { $what } to { $end }
square-off-board = ({ $x }, { $y }) (off the board)
square-blocked = { $name } (a blocked square)
cli-searching = searching
cli-counting = counting
cli-solving = solving
cli-rating = rating
cli-generating = generating
cli-estimating = estimating
cli-trying-every-start = trying every start square
cli-cancelled = { $what }: cancelled
cli-solutions = { $count ->
    [one] 1 solution
   *[other] { $count } solutions
}
cli-solutions-at-limit = { $count ->
    [one] 1 solution
   *[other] { $count } solutions
} (stopped at the limit; there may be more)
cli-no-solution = no solution
cli-no-solution-to-rate = no solution to rate
cli-error-line = gridtour: error: { $message }
cli-note-line = gridtour: note: { $note }
cli-flag-error = { $flag }: { $error }
cli-progress-shown = { $what }: { $progress } (Ctrl+C stops)
cli-progress-logged = gridtour: { $what }: { $progress }
cli-bad-cell = --cell: expected a number of pixels from 1 to 1000, got '{ $value }'
cli-bad-speed = --speed: expected a number of moves per second, got '{ $value }'
cli-web-base-needs-link = --web-base puts a link in a web page's address: add --format link
cli-bad-web-base = --web-base: expected the address of gridtour's web page, starting http:// or https://, got '{ $value }'
cli-bad-level = expected easy, medium or hard, got '{ $value }'
cli-bad-limit = expected a number of solutions of 1 or more, got '{ $value }'
cli-bad-size = expected a size like 10x10, got '{ $value }'
cli-bad-print = --print: expected boards across x down a page like 3x4, each from 1 to { $most }, got '{ $value }'
cli-bad-puzzles = --puzzles: expected a number of puzzles from 1 to { $most }, got '{ $value }'
cli-bad-scale = --scale: expected a number above 0 and at most 10 (1 is the largest size that fits), got '{ $value }'
cli-bad-paper = --paper: expected one of { $names }, got '{ $value }'
cli-print-is-pdf = --print writes a PDF: leave out --format, or give --format pdf
cli-puzzles-needs-generate = --puzzles makes new puzzles: give --generate WxH with it (to print puzzle files, list them instead)
cli-no-puzzle = give a puzzle (a file or a link), or --generate WxH
cli-one-puzzle = { $given } puzzles were given and this works on one: to print several on a sheet, add --print WxH
cli-argument-not-utf8 = argument { $place } is not valid UTF-8: '{ $shown }' (the bytes that are not UTF-8 shown as �)
cli-value-not-utf8 = argument { $place } (the value of { $flag }) is not valid UTF-8: '{ $shown }' (the bytes that are not UTF-8 shown as �)
cli-not-a-directory = { $flag }: { $path } is not a directory
cli-note-threads-limited = --threads { $asked }: the address-space limit leaves room for { $threads } threads, which the work uses
cli-note-threads-refused = the system refused to start { $threads ->
    [one] 1 worker thread
   *[other] { $threads } worker threads
}; their work ran on the threads that did start (a process or memory limit; --threads sets fewer)
cli-cannot-make-manual = cannot make the manual: { $error }
cli-cannot-write-stdout = cannot write to standard output: { $error }
cli-standard-output-closed = cannot write to standard output: it is closed
cli-cannot-open-window = could not open the window: { $error }
cli-no-display = there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): run gridtour in a desktop session, or use the command line (gridtour --help)
cli-no-signals = cannot watch for signals: { $error }
cli-no-ctrl-c = cannot take over Ctrl+C: { $error }
cli-the-link = the link
cli-link-error = the link: { $error }
cli-no-file-no-subcommand = { $given }: no such file, and no subcommand (they are { $subcommands })
cli-pzprv3-not-knight = --format: pzprv3 holds Goishi puzzles, not knight's tours
cli-goes-with-count = { $flag } goes with --count
cli-link-not-for-count = --format link shares a board and its tour, not a count or a list
cli-start-is-a1 = { $error } (a1 is the start when --start is omitted)
cli-square-blocked = { $flag }: square '{ $name }' is blocked
cli-nothing-to-draw = nothing to draw: { $why }
cli-trace-no-tour = no { $kind ->
    [closed] closed
   *[open] open
} tour: { $reason }
cli-trace-from-tiles = nothing was searched: on a board of { $squares } squares or more the tour is built from tiles, so the trace is empty
cli-trace-no-solution = the search ended without a solution: there is none
cli-trace-cut = the trace stops after { $steps } steps (--max-steps); the search went on
cli-note-no-scratch-folder = the scratch folder { $path } does not exist (TMPDIR or --scratch): a count that outgrows the memory budget will stop there
cli-count-hint-memory-resume = with more --memory the sweep goes on from where { $path } holds it
cli-count-hint-memory = --memory gives the sweep more room
cli-count-or = , or { $hint }
cli-count-too-long = counting: { $started ->
    [yes] { $why }; --force starts the walk
   *[no] not started: { $why }; --force starts it
} anyway (Ctrl+C stops it){ $or }
cli-count-failed = counting: { $why }
cli-count-failed-hint = counting: { $why }; { $hint }
cli-count-scratch-kept = counting: { $why }; { $path } keeps its last save, which the same command takes up
cli-internal-invalid-tour = internal error: the solver's tour is invalid: { $error }
cli-internal-broken-rule = internal error: the solver's answer breaks a rule: { $violation }
cli-failing-starts = { $count ->
    [one] 1 start square
   *[other] { $count } start squares
} where plain first-minimum Warnsdorff dead-ends on { $size } (squares numbered row by row from 0 at the top left)
cli-failing-start-solved = the default solver finds a valid open tour
cli-failing-start-no-tour = no open tour: { $reason }
cli-not-goishi = { $path }: holds a knight's tour, not a Goishi puzzle (gridtour { $path } opens it in the window)
cli-numbers-not-goishi = { $path }: holds a knight's tour puzzle, not a Goishi puzzle (gridtour numbers { $path } reads it)
cli-goishi-not-numbers = { $path }: not a knight's tour puzzle but a Goishi Hiroi puzzle (gridtour goishi { $path } reads it)
cli-tour-not-numbers = { $path }: not a knight's tour puzzle but a knight's tour (gridtour { $path } opens it in the window)
cli-invalid-order = { $path }: invalid order: { $violation }
cli-order-valid = valid: all { $stones } stones picked
cli-seed = seed { $seed } (pass --seed { $seed } to get this puzzle again)
cli-seed-sheet = seed { $seed } (pass --seed { $seed } to get these puzzles again)
cli-count-because = { $count }: { $reason }
cli-note-measured-sweep = This count was made and measured before: here it should take about { $time } (between { $soonest } and { $latest }), and its largest step { $states } states and { $bytes } of tables (what does not fit in --memory goes through disk) (Ctrl+C stops{ $saves ->
    [yes] {""}
   *[no] ; --checkpoint FILE keeps its progress across a restart
})
cli-progress-headway = [{ $headway }] { $progress }
cli-note-wide-sweep = { $what } goes by a frontier sweep of { $squares } squares in rows of { $width }: rows this wide make { $wider ->
    [yes] hundreds of millions of states, many GB and minutes to days of work
   *[no] tens of millions of states or more, minutes of work or more
} (Ctrl+C stops{ $saves ->
    [yes] {""}
   *[no] ; --checkpoint FILE keeps its progress across a restart
})
cli-note-walk-instead = { $why }, so { $what } goes on by exhaustive walk of about { $nodes } nodes, which may not finish (Ctrl+C stops{ $memory_helps ->
    [yes] ; --memory gives the sweep more room
   *[no] {""}
})
cli-note-taken-up = { $what } taken up from its checkpoint after square { $swept } of { $squares }
cli-arg-unknown = unexpected argument '{ $arg }' found
cli-arg-unknown-subcommand = unrecognized subcommand '{ $name }'
cli-arg-no-value = a value is required for '{ $arg }' but none was supplied
cli-arg-not-one-of = invalid value '{ $value }' for '{ $arg }' (possible values: { $valid })
cli-arg-bad-value = invalid value '{ $value }' for '{ $arg }': { $why }
cli-arg-missing = the following required arguments were not provided: { $args }
cli-arg-conflict = the argument '{ $arg }' cannot be used with '{ $prior }'
cli-arg-repeated = the argument '{ $arg }' cannot be used more than once
cli-arg-similar = {" "}(a similar one exists: '{ $similar }')
cli-in-file = { $path }: { $error }
cli-numbers-formats = --format: knight's tour puzzles are written as text, json, link, svg, png or pdf
cli-numbers-other-board = { $path }: the answer's board is not the puzzle's (its size or blocked squares differ)
cli-numbers-given-changed = { $path }: { $square } must hold the given { $given }
cli-numbers-internal = internal error: the solver's answer is not a solution
cli-numbers-not-rated = only a puzzle with exactly one solution is rated, and this one has none or several (see --count --limit 2)
cli-numbers-rating = { $level }: { $next_to } found next to a laid number, { $reach } as the only square in reach, { $two_ways } beside a square with two ways in and out, { $only } as the only number a square can take, { $trials } tried
unknown-algorithm = unknown algorithm '{ $given }' (expected one of { $expected })
job-tour-from = Tour from { $start }
job-counting = Counting { $what }
job-failing-starts = Warnsdorff failing starts
job-forget-count = Deleting a saved count
count-stopped-kept = The count of { $what } on this board was stopped, and what it had done is kept: taking it up goes on from where it was last saved (when it stopped, or every two minutes before), or from the start if it made no save.
job-cancelled-kept = cancelled, its progress kept to be taken up
count-unfinished = A count of { $what } on this board was under way when gridtour last closed. Taking it up goes on from its last save (a count saves every two minutes), or from the start if it made none.
take-up-count = Take up the count
take-up-count-does = Go on with the count from where it was last saved
forget-count = Forget it
forget-count-does = Delete what the count had done
job-estimating = Estimating { $what }
view = View
edit-stones = Edit stones
solve = Solve
count-solutions = Count solutions
is-unique = Is it unique?
hint = Hint
check = Check
rate = Rate difficulty
generate = Generate
copy-url = Copy puzz.link URL
restart = Restart
resize = Resize
new-board = New empty board
load-url = Load URL
solve-does = Find one order that picks up every stone
count-solutions-does = Count every solution of the puzzle
is-unique-does = Look for a second solution; when there is one, both can be compared
hint-does = Show one pick that still leads to a solution
check-does = Say whether the stones left can still all be picked, without saying how
generate-does = Make a new puzzle with exactly one solution, of the size and stones given
copy-url-does = Put the puzzle's puzz.link URL on the clipboard
restart-does = Put every picked stone back (undo brings the picks back)
resize-does = Keep the stones, change the board's size
new-board-does = Start from an empty board of this size
load-url-does = Open the puzzle of a puzz.link or pzv.jp URL
rate-does = Easy, medium or hard: the wrong picks along the solution and the search the hardest one takes to fail

## The Goishi Hiroi mode
puzzle-about = { $source }: { $width } x { $height }, { $stones } stones
example = Example
choose-a-puzzle = choose a puzzle
best-time = {"   "}best { $time }
clock = Time { $time }{ $best }
solver = Solver
solver-shows-solutions = Solver (shows solutions)
stones = stones
seed = Seed
any-level = any
generated-level = level of generated puzzles
level-easy = easy
level-medium = medium
level-hard = hard
generate-size = Generate makes a { $width } x { $height } board (set under Edit stones).
pick-numbers = Pick numbers
shelf = Shelf: { $puzzles } puzzles
shelf-size = { $width } x { $height }, { $stones } stones
shelf-level = , { $level }
shelf-solved-best = , solved (best { $time })
shelf-solved = , solved
shelf-open-does = Open this puzzle to play
numbers-shelf-size = { $width } x { $height }, { $givens ->
    [one] 1 given
   *[other] { $givens } givens
}
generate-request = { $size } with { $stones } stones{ $level }, seed { $seed }
job-solving = Solving the puzzle
job-counting-solutions = Counting solutions
job-can-finish = Checking that the game can still be finished
job-rating = Rating the difficulty
job-generating = Generating { $request }
title-goishi = Goishi Hiroi, { $source }
title-knight-open = Knight's tour, { $size } open
title-knight-closed = Knight's tour, { $size } closed
nothing-to-export = Nothing to export yet: find a tour, or complete one in play mode.
last-sessions-puzzle = last session's puzzle
click-to-edit-stones = Click a grid point to add or remove a stone.
no-stones = There are no stones on the board.
with-hints = {" "}with hints
solved-best = {" "}(best { $time })
solved-new-best = {" "}(a new best)
solved-in = Solved in { $time }{ $best }: all { $stones } stones picked.
solved-all = Solved: all { $stones } stones picked.
click-to-pick = Click a stone to start picking.
stuck-stones = { $left ->
    [one] Stuck: 1 stone is left and cannot be reached from the last pick.
   *[other] Stuck: { $left_grouped } stones are left and none can be reached from the last pick.
}
dead-end-stones = Dead end: the { $left } stones left cannot all be picked from here. Undo to go back.
picked-can-finish = Picked { $picked } of { $stones } stones; this can still be finished.
picked-so-far = Picked { $picked } of { $stones } stones.
stones-to-pick = { $stones } stones to pick.
hint-pick = Hint: pick the stone at { $stone }.
check-fine = Check: all is well.
hint-none = No pick leads to a solution from here: undo to go back.
check-dead-end = Check: a dead end, the stones left cannot all be picked from here. Undo to go back.
looking-for-hint = Looking for a hint…
checking = Checking…
every-stone-picked = Every stone is picked.
not-allowed = Not allowed: { $rule }
opened-puzzle = Opened { $source }: { $width } x { $height }, { $stones } stones.
opened-bad-order = Opened { $source }, but its pick order breaks the rules: { $rule }
to-edit-stones = edit the stones
to-resize-puzzle = resize the board
to-start-empty = start an empty board
to-open-another = open another puzzle
to-search-again = start another search
to-generate = generate a puzzle
to-undo-stones-edit = undo the last edit
to-redo-stones-edit = redo the edit
new-puzzle = new puzzle
puzzle-from-url = puzzle from the URL
counting-solutions = Counting solutions…
looking-for-second = Looking for a second solution…
cannot-generate = Cannot generate: { $reason }
generating-seed = Generating with seed { $seed }…
rating = Rating the difficulty…
copied-url = Copied the puzz.link URL.
not-on-shelf = That puzzle is no longer on the shelf.
no-stones-to-pick = There are no stones to pick.
solved-picks = Solved: { $picks } picks.
no-solution = This puzzle has no solution.
job-no-solution = no solution
job-failed = failed
solutions = { $n ->
    [one] 1 solution.
   *[other] { $grouped } solutions.
}
unique = Unique: exactly one solution.
not-unique = Not unique: here are two different solutions (Previous / Next solution).
generated-puzzle = generated puzzle (seed { $seed })
generated = Generated a puzzle with { $stones } stones and one solution{ $level }, seed { $seed }.
generated-of-level = , rated { $level }
generate-failed = Could not generate with seed { $seed }: { $error }
cut-short = { $label } { $how }.
cut-short-browse = { $label } { $how }; the { $kept } solutions found so far can be browsed.
broken-at-step = step { $step }: { $rule }
broken-not-a-stone = { $at } is not a stone
broken-picked-twice = the stone at { $at } is picked twice (first at step { $first })
broken-not-in-line = { $at } is not in line with { $from }
broken-reversed = reversed direction: moving { $moving } right after moving { $after }
broken-jumped-over = jumped over the stone at { $stone }
broken-stones-left = stones left: { $count ->
    [one] 1 stone was
   *[other] { $count } stones were
} never picked, the first at { $first }
direction-up = up
direction-down = down
direction-left = left
direction-right = right
rated = Rated { $level }: { $traps ->
    [one] 1 wrong pick
   *[other] { $traps } wrong picks
} to rule out at { $decisions } of the picks; the hardest takes { $hardest } { $steps ->
    [one] search step
   *[other] search steps
}.
at-least = at least { $n }

## Keys and the board
key-space = Space
key-left = Left
key-right = Right
board = Board
language-does = The window's language (remembered)
language = Language

## Watching a search
watch-pause = Pause search
watch-resume = Go on
watch-back = Step back
watch-forward = Step forward
watch-close = Stop watching
watch-pause-does = Hold the search where it is, to look or to step
watch-resume-does = Go on at the speed chosen
watch-back-does = Take the last step of the search back
watch-forward-does = Show the next step of the search
watch-close-does = Stop watching; a search still running stops too
watch-run-to = Next
watch-run-to-does = Run forward at full speed to the next moment of the kind chosen, and wait there
watch-run-back = Previous
watch-run-back-does = Go back to the last moment of the kind chosen before the step on show, as far back as the watch remembers
watch-back-to-take = Back to this move
watch-back-to-take-does = Go back to the step that made this move
watch-on-to-take = On to this move
watch-on-to-take-does = Run forward to the step that makes this move
watch-running-to-take = Running to the move to { $cell }…
watch-take-forgotten = That move was made before the steps the watch remembers.
watch-tree = Search tree
watch-tree-counts = { $tried } tried, { $pruned } given up, { $dead_ends } dead ends
watch-tree-legend = Each depth of the path: the move the branch takes (bold), before it the moves tried already, after it those still to come (slanted), in the search's order; a click goes back to a move's step, or on to it; then the moves tried at that depth so far, the positions given up there by a rule, and its dead ends.
watch-tree-folded = { $levels } levels between
trace-title-knight = { $algorithm }, { $size }
trace-title-goishi = Goishi Hiroi search, { $size }
trace-caption = { $title }: step { $step } of { $steps }
watch-save-animation = Save as GIF…
watch-save-animation-does = Save the search from its first step to the step on show as an animated GIF (or an animated SVG: a name ending in .svg), as --trace --format gif draws it; up to 200,000 steps
watch-jump-to = Jump to a
watch-steps = Steps
watch-depth = Depth
watch-backtracks = Backtracks
watch-dead-ends = Dead ends
watch-prunings = Prunings
watch-restarts = Restarts
watch-steps-does = Everything the search has done: each move tried, each move taken back and each position given up is one step
watch-depth-does = How long the path is now: the squares (or stones) it holds
watch-backtracks-does = Moves taken back so far, to try the next one instead
watch-dead-ends-does = Times the path came to a square with no move left to try
watch-prunings-does = Positions given up before trying their moves, because a rule showed that no tour (or no solution) can follow
watch-restarts-does = New attempts from the beginning: Warnsdorff's rule with its next tie-break, or the Goishi search from its next first stone
watch-speed = Steps/s
watch-full-speed = full speed
watch-running = The search runs: pause it to look at each step, or step through it.
watch-paused = The search waits: step back or forward to look at each step, or go on.
watch-over = The search is over: step back to look again, or stop watching.
watch-running-to = Running to the next { $landmark }…
watch-no-landmark-before = No { $landmark } before this step among the steps the watch remembers.
watch-moves = Moves from { $square } in the search's order, each with its onward moves: { $moves }.
watch-moves-none = No free square is a move from { $square }.
goishi-watch-stones = Stones in line with { $stone } in the search's order, each with its ways on: { $stones }.
goishi-watch-stones-none = No stone left is in line with { $stone }.
pruned-stranded = Ringed in red: { $stones }. The pick order could not go on from here: a stone left with no stone in line can never be picked, only one can be the last pick, the next stone needs a way on, and the stones left must stay in line with one another.
pruned-closing = Hatched: { $square }, the start. Every square a move from it is on the path, so the tour could not come home.
pruned-dead-ends = Hatched: { $squares }. Each could only be the tour's end, or could not be visited at all, and a tour has too few ends for them.
pruned-connectivity = Hatched: { $squares }. The knight can no longer reach them from { $knight }.
pruned-end-too-early = Hatched: { $square }, the end the tour must finish on, reached before the last move.
watch-move-tried = { $square } ({ $onward }) tried
watch-move-next = { $square } ({ $onward }) next
watch-move-later = { $square } ({ $onward }) later
watch-move-given-up = { $square } ({ $onward }) never tried
watch-move-passed-over = { $square } ({ $onward }) passed over
watch-moves-tie = { $moves } Of the moves with as few onward moves, the walk takes the one farther from the centre (then the first in move order).
landmark-dead-end = dead end
landmark-backtrack = backtrack
landmark-prune = pruning
landmark-restart = restart
landmark-solution = solution
watch-starting = The search is starting…
step-take = Goes to { $cell }
step-give-back = Gives { $cell } back
step-dead-end = Dead end at { $cell }: no move left to try
step-prune = Gives up at { $cell }: { $rule }
rule-closing = the start can no longer be reached to close the tour
rule-dead-ends = two squares left could only be the end
rule-connectivity = the squares left fell apart
rule-end-too-early = the end would be reached too early
rule-stranded = a stone left can no longer be reached
rule-known = this position was searched before, in vain
step-rotate = Reverses the path after its first { $kept } squares
step-restart = Starts a new attempt
step-found = Found a solution
job-watch-from = Watched search from { $start }
job-compare-from = Comparing the searches from { $start }
watch-a-search = Watch a search
compare-searches = Compare searches
compare-searches-does = Run the searches chosen side by side from the chosen square, at one pace, each to its first tour
compare-from = Compare from { $name }:
compare-click-first = Click a square to choose where the compared searches start.
compare-choose-two = Choose two or three searches to compare.
compare-with-does = Run this search in the comparison
lane-tree = Search tree: { $positions } positions, { $levels } levels deep
lane-found = First tour at step { $steps }.
lane-no-tour = No tour: every way tried in { $steps } steps.
lane-out-of-steps = Stopped after { $steps } steps without a tour.
lanes-running = The searches run side by side, step for step. Pause to look at them a step at a time.
lanes-paused = The searches are paused. Step back or forward to look, or go on.
lanes-over = Every search has ended. Step back to look again, or stop watching.
watching-from = Watching { $algorithm } from { $name }…
watched-found = The search found a tour.
click-to-watch = Click a square to watch the chosen algorithm search a tour from it, step by step.
comparing-from = Comparing the searches from { $name }…
job-watch-picks = Watched pick search
watch-the-search = Watch the search
watch-the-search-does = Solve the puzzle and show the search pick by pick: stones picked, given back, positions given up and why
watching-picks = Watching the pick search…
watched-solution = The search found a solution.
watched-built = This board's tour is built from tiles, not searched: there are no steps to watch.

## Why a board has no tour
list-separator = {", "}
no-tour-all-blocked = every square of the board is blocked
no-tour-start-off-board = the start square ({ $x }, { $y }) is off the { $size } board
no-tour-start-blocked = the start square { $start } is blocked
no-tour-end-off-board = the end square ({ $x }, { $y }) is off the { $size } board
no-tour-end-blocked = the end square { $end } is blocked
no-tour-end-is-start = a tour of more than one square cannot end on its start square { $end }
no-tour-ends-one-colour = a knight changes colour with every move, so a tour of { $squares } squares (an even number) ends on the other colour, and { $start } and { $end } are both { $colour ->
    [dark] dark
   *[light] light
}
no-tour-ends-two-colours = a knight changes colour with every move, so a tour of { $squares } squares (an odd number) ends on the colour it starts on, and { $start } is { $start_colour ->
    [dark] dark
   *[light] light
} but { $end } is { $end_colour ->
    [dark] dark
   *[light] light
}
no-tour-exhausted = an exhaustive search found no { $kind ->
    [closed] closed
   *[open] open
} tour from { $start }{ $end }
no-tour-exhausted-end = {" "}to { $end }
cli-no-tour = no { $kind ->
    [closed] closed
   *[open] open
} tour from { $start }{ $end } on { $size }: { $reason }
no-tour-odd-closed = a closed tour alternates between dark and light squares, so it needs an even number of squares; this board has { $squares } open squares
no-tour-unbalanced-closed = a closed tour visits as many dark squares as light ones; this board has { $dark } dark and { $light } light open squares
no-tour-closed-too-small = a closed tour needs at least four squares: with two, the way back would repeat the only move
no-tour-unbalanced-open = an open tour alternates between dark and light squares, so their numbers can differ by at most one; this board has { $dark } dark and { $light } light open squares
no-tour-wrong-start-colour = an open tour on a board with { $dark } dark and { $light } light open squares must start on a { $majority ->
    [dark] dark square, and { $start } is light
   *[light] light square, and { $start } is dark
}
no-tour-schwenk = by Schwenk's theorem a full { $size } board has no closed tour: there is none when both sides are odd, the shorter side is 1, 2 or 4, or the board is 3x4, 3x6 or 3x8
no-tour-open-rectangle = a full { $size } board has no open tour: open tours exist only on 1x1, 3x4, 3xn with n >= 7, 4xn with n >= 5, and boards with both sides at least 5
no-tour-four-across = on a full board 4 squares across, knight's moves from the two outer lines only reach the two inner ones; a tour starting on an inner line would visit the outer squares at every other step, all on one colour, but the outer lines have both colours, so open tours begin and end on an outer line, and { $start } is on an inner one
no-tour-unreachable = no knight's move reaches { $square } from another open square
no-tour-closed-leaves = a closed tour enters and leaves every square, but { $leaves } can be reached by only one knight's move
no-tour-too-many-leaves = squares { $leaves } can each be reached by only one knight's move, so each must be an end of the tour, and a tour has only two ends
no-tour-start-not-an-end = squares { $leaves } can each be reached by only one knight's move, so they are the two ends of any tour, and { $start } is not one of them
no-tour-disconnected = the open squares are not connected: no sequence of knight's moves leads from { $from } to { $to } ({ $reached } of { $open } open squares can reach each other)
no-tour-closed-cut = removing { $cut } splits the open squares into { $groups } groups, but a closed tour stays connected when any one square is removed
no-tour-three-way-cut = removing { $cut } splits the open squares into { $groups } groups; an open tour passes that square once, so it can join at most two of them
no-tour-three-links = squares { $links } are each the only link between one part of the board and a separate group of squares; an open tour must end inside each such group, and it has only two ends
no-tour-start-splits = removing { $start } splits the open squares into two groups, and a tour starting there can enter only one of them
no-tour-start-between-links = { $start } lies between squares { $links }, each the only link to a separate group of squares; a tour starting at { $start } can pass only one of those links and never come back
estimate-exact = { $tours } { $what } (exactly: { $reason })
estimate-none = no estimate of the { $what }: none of { $attempts } random attempts completed a tour (sample longer; large boards need many attempts per tour)
estimate-about = About { $tours } { $what }; { $interval }, from { $attempts } random attempts, { $completed } of them complete tours.
interval-95 = 95% interval { $low } to { $high }
interval-rough = rough range { $low } to { $high } (too few complete tours for a 95% interval: sample longer)
not-estimated = Not estimated: { $reason }.
estimate-too-many-squares = the estimate takes boards of up to { $most } open squares (this one has { $squares }): beyond, a tour's weight overflows its floating-point number
walk-too-long = { $sweep }, and the exhaustive walk instead would visit about { $nodes } nodes, about { $time } at { $rate } million nodes a second on each of { $threads } threads
walk-never-ends = { $sweep }, and the exhaustive walk instead would visit more than 1e308 nodes: it would never end
sweep-over-budget = the frontier sweep ran out of room at square { $square } of { $squares }: it needs more than the { $budget } memory budget
sweep-over-budget-and-disk = the frontier sweep ran out of room at square { $square } of { $squares }: it needs more than the { $budget } memory budget, and more disk than the { $free } free in the scratch directory (--scratch DIR names another)
sweep-too-wide = the frontier sweep takes boards up to { $widest } squares on their shorter side, and this one has { $width }
sweep-too-long-for-every-length = counting every length sweeps four rows past the longest board, so it goes up to { $longest } long
size-out-of-range = board size { $size } is out of range (each side must be 1 to { $most })
generate-stones-out-of-range = the { $size } board holds 1 to { $points } stones (asked for { $stones })
generate-too-many = the generator makes puzzles of at most { $most } stones (asked for { $stones })
generate-too-few = { $stones } stones are too few: the generator finds no puzzle with one solution of fewer than { $fewest } stones (one stone aside); ask for { $fewest } or more
generate-too-dense = { $stones } stones on the { $points } points of the { $size } board are too dense for a puzzle with one solution; at most { $most } can be asked for
generate-none-on-board = the generator makes no puzzle of more than one stone with one solution on the { $size } board ({ $stones } asked for); try a board of at least { $side }x{ $side }
generate-beyond-reach = { $stones } stones are more than the generator can make unique on the { $size } board{ $per_line }: ask for at most { $most }, or a board of at least { $side }x{ $side }
generate-per-line = {" "}(about 3.4 stones a row and a column)
generate-no-walk = could not place { $stones } stones on the { $size } board by a legal walk; try fewer stones
generate-not-found = found no { $size } puzzle with { $stones } stones and a single solution{ $level }; try fewer stones, another seed or a smaller board
generate-rating = {" "}that rates { $level }
generate-none-of-level = found no { $size } puzzle with { $stones } stones that rates { $level } in { $attempts } tries; try another seed
generate-level-out-of-reach = the generator's { $size } puzzles with { $stones } stones do not rate { $level }: on this board they do with { $counts } stones
generate-level-never = the generator's { $size } puzzles do not rate { $level } with any number of stones; try a larger board

## The saved state (shelf, best times, boards and settings)
state-unreadable = The saved state { $path } cannot be read ({ $reason }); this window starts from the defaults and will not write over it.
state-damaged = The saved state { $path } was damaged and nothing in it could be read; it is kept as { $kept }, and this window starts from the defaults.
state-damaged-held = The saved state { $path } was damaged and nothing in it could be read; it could not be kept aside, so this window will not write over it.
state-cut-short = The saved state { $path } was cut short; everything before the cut was read.
state-partly-read = { $count ->
    [one] One value in the saved state { $path } could not be read and took its default; everything else was read.
   *[other] { $count } values in the saved state { $path } could not be read and took their defaults; everything else was read.
}
state-copy-kept = The file as it was is kept as { $kept }.
state-copy-not-kept = No copy of it could be made, so this window will not write over it.
state-read-and-kept = { $read } { $kept }
state-not-saved = The shelf, best times and boards could not be saved: { $reason }. They stay in this window, and are saved as soon as saving works again.
state-save-waiting = Saving waits: another gridtour window is saving to { $path }. Your boards and shelf stay in this window meanwhile.

## Reading puzzle files and links
parse-error = { $source }: { $problem }
parse-error-at = { $source }:{ $line }:{ $column }: { $problem }
parse-cannot-read = cannot read the file: { $error }
parse-too-large = file is larger than { $mib } MiB
parse-invalid-utf8 = not a text file (invalid UTF-8)
parse-binary = not a text file (binary data)
parse-row-too-long = row has more than { $columns } points
parse-row-too-short = row has { $found } points, expected { $columns }
parse-side-out-of-range = { $side ->
    [rows] rows
   *[columns] columns
} { $value } is out of range (1 to { $most })
parse-not-a-side = expected the number of { $side ->
    [rows] rows
   *[columns] columns
}, found '{ $found }'
parse-pick-twice = pick number { $number } is used twice
parse-pick-out-of-range = pick number out of range
parse-ends-before-header = file ends before the pzprv3 header
parse-ends-before-type = file ends before the puzzle type
parse-ends-before-side = file ends before the number of { $side ->
    [rows] rows
   *[columns] columns
}
parse-ends-before-row = file ends before row { $row } of { $rows }
parse-not-pzprv3 = expected the header line 'pzprv3'
parse-not-goishi = this is a '{ $kind }' puzzle, not goishi
parse-unknown-pzprv3-cell = unknown cell '{ $cell }' (expected '.', '0' or a pick number)
parse-no-pencilbox-size = expected the numbers of rows and columns
parse-unknown-pencilbox-cell = unknown cell '{ $cell }' (expected '1' or '.')
parse-not-a-number = expected a number, found '{ $found }'
parse-not-an-answer-line = expected an answer line 'step row column'
parse-answer-off-board = answer point row { $row }, column { $column } lies outside the { $size } board
parse-too-many-rows = more than { $most } rows
parse-empty = no rows: the file is empty
parse-all-rows-empty = all rows are empty
parse-missing-quote = missing closing quote
parse-text-after-quote = unexpected text after the closing quote
parse-unknown-character = unknown character '{ $character }' (use O for a stone, space or . for empty)
parse-row-past-most = row longer than { $most } points
parse-json = not valid JSON here: { $detail }
parse-stone-off-board = stone [{ $x },{ $y }] lies outside the { $size } board
parse-stone-twice = stone [{ $x },{ $y }] is listed twice
parse-not-a-goishi-link = not a goishi link (expected '...?goishi/<cols>/<rows>/<body>')
parse-link-without-side = missing the number of { $side ->
    [rows] rows
   *[columns] columns
}
parse-after-link-body = unexpected '{ $extra }' after the body
parse-link-body-too-long = body is longer than the { $size } board needs
parse-bad-link-digit = bad digit '{ $digit }' (expected 0-9 or a-v)

## Boards, tours and knight links
board-side-empty = board { $side ->
    [width] width
   *[height] height
} must be at least 1
board-side-too-long = board { $side ->
    [width] width
   *[height] height
} { $length } is too large (at most { $most })
board-not-a-size = board size '{ $text }' is not WIDTHxHEIGHT (e.g. 8x8) or N
board-not-a-square = '{ $name }' is not a square name (expected file letters then a rank, e.g. b1)
board-square-off-board = square '{ $name }' is off the { $size } board
tour-off-board = step { $step }: { $square } is off the board
tour-blocked = step { $step }: { $square } is blocked
tour-revisited = step { $step }: { $square } was already visited at step { $first }
tour-not-a-knight-move = step { $step }: { $from } -> { $to } is not a knight's move
tour-wrong-length = the path visits { $visited } squares but the board has { $open } open squares
tour-not-closed = the tour is not closed: the last square { $last } is not a knight's move from the first { $first }
tour-empty = an empty path is not a closed tour
tour-file-not-json = not a tour file: line { $line }, column { $column }: { $detail }
tour-file-blocked-off-board = blocked square [{ $x }, { $y }] is off the { $size } board
tour-file-start-not-first = the start [{ $x }, { $y }] is not the first square of the path
tour-file-ragged = line { $line }: { $squares } squares, expected { $expected }
tour-file-not-a-number = line { $line }: square { $square } holds '{ $text }', not a move number
tour-file-repeated = move number { $number } appears twice
tour-file-invalid = not a valid tour: { $error }
link-not-a-link = not a knight link (they start with { $prefix })
link-unknown-field = column { $column }: unknown field "{ $name }" (known: { $known })
link-repeated-field = column { $column }: { $name } is given twice
link-missing-size = the link has no size (size=WIDTHxHEIGHT)
link-board = column { $column }: { $field }: { $error }
link-start-blocked = column { $column }: start: the start square is blocked
link-not-yes-or-no = column { $column }: closed: expected nothing, 1 or 0 (closed, closed=1, closed=0)
link-tour-without-start = a tour needs its start square (start=…)
link-not-a-move = column { $column }: tour: '{ $found }' is not a move (moves are digits 0 to 7)
link-bad-move = column { $column }: tour: move { $step } { $problem ->
    [off] leaves the board
    [blocked] lands on a blocked square
   *[visited] lands on a square already visited
}
link-not-a-tour = tour: { $error }
opening-image-without-data = { $source }: a { $image } image without gridtour's data (only images gridtour exported can be opened)
opening-written-only = { $source }: a { $kind } file, which gridtour writes but does not read back: open the puzzle's text, JSON, PNG or SVG file, or its link
opening-tour = { $source }: { $error }
opening-numbers-link = { $source }: knight's tour puzzle link, { $error }
opening-link = { $source }: knight link, { $error }

## Writing files and pictures
write-not-a-file = cannot write { $path }: the path does not name a file
write-folder = cannot write { $path }: it is a folder; give a file name in it
write-special-file = cannot write { $path }: it is a { $what ->
    [socket] socket
   *[block-device] block device
}, which gridtour does not write to
write-no-reader = cannot write { $path }: it is a named pipe that no program reads
write-no-folder = cannot write { $path }: the folder { $folder } does not exist
os-not-found = there is no such file or folder
os-permission-denied = permission denied
os-already-exists = something of that name is there already
os-is-a-folder = it is a folder
os-not-a-folder = a part of the path is not a folder
os-disk-full = the disk is full
os-quota = the disk quota is used up
os-read-only = the disk can only be read
os-too-large = the file would be too large
os-bad-name = the name is not allowed there
os-out-of-memory = out of memory
os-broken-pipe = the reader closed the pipe
write-failed = cannot write { $path }: { $error }
write-not-flushed = cannot write { $path }: the file was replaced but the change could not be flushed to disk: { $error }
memory-not-a-size = expected a size such as 4G, 512M or 800000000 (bytes), got '{ $text }'
output-unknown-format = unknown format '{ $text }' (expected one of { $names })
output-no-format-for = cannot export to { $path }: use a .json, .txt, .svg, .png, .pdf, .gif, .animated.svg or .pzprv3 file name
output-not-for-tours = pzprv3 files hold Goishi puzzles, not knight's tours or their puzzles
output-not-a-picture = this format is not a picture
picture-title-numbers = Knight's tour puzzle { $width } x { $height }, { $kind ->
    [closed] closed
   *[open] open
}, 1 to { $last }
picture-title-goishi = Goishi Hiroi { $width } x { $height }, { $stones } stones
picture-title-goishi-solution = Goishi Hiroi { $width } x { $height }, { $stones } stones, solution
picture-title-goishi-picked = Goishi Hiroi { $width } x { $height }, { $stones } stones, { $picked } picked
picture-no-cell-size = the cell size of a picture must be at least 1 pixel
picture-too-large = a { $width } x { $height } pixel picture is too large (the limit is { $side } pixels a side and { $megapixels } megapixels); { $cell ->
    [0] this board is too large for a raster picture; export it as SVG instead
   *[other] choose a cell size of at most { $cell } pixels
}
picture-page-too-large = a { $width } x { $height } point PDF page is too large (the limit is { $most } points a side); choose a cell size of at most { $cell } points
picture-empty-sheet = a sheet needs at least one puzzle
picture-scale-too-large = at scale { $scale } the boards do not fit their places on the page; the largest scale that fits is { $largest } (print fewer across or down for larger boards)
picture-boards-too-small = with { $across } x { $down } boards a page each square would be { $size } mm, under the { $smallest } mm that can be read: print fewer across or down
picture-animation-too-large = a { $width } x { $height } pixel animation is too large (the limit is { $megapixels } megapixels); choose a cell size of at most { $cell } pixels
picture-no-memory = could not allocate a { $width } x { $height } pixel picture
picture-speed = the speed must be a number of moves per second from { $least } to { $most }, got { $speed }
picture-encoding = could not encode the { $what ->
    [pdf] PDF document
    [gif] GIF animation
   *[png] PNG image
}: { $detail }
picture-frame = an animation frame outside the picture
picture-font = the built-in font is unreadable: { $detail }

## A count's checkpoint and scratch files
sweep-file-no-scratch = cannot make a scratch file in { $directory } for states that do not fit in memory: { $error } (--scratch DIR names another directory)
sweep-file-scratch = cannot { $doing ->
    [write] write
   *[read] read
} { $path }: { $error }{ $full ->
    [yes] ; the states of this count do not fit in memory, and need that much disk (--scratch DIR puts them elsewhere, --memory SIZE keeps more in memory)
   *[no] {""}
}
sweep-file-unreadable = cannot read { $path }: { $error }
sweep-file-not-a-file = { $path } is not an ordinary file (a checkpoint must be one)
sweep-file-in-use = { $path } is in use by another count (one checkpoint serves one count at a time)
sweep-file-not-writable = cannot save to { $path }: its folder cannot be written
sweep-file-not-a-checkpoint = { $path } is not a gridtour count checkpoint (or one of another version)
sweep-file-other-count = { $path } holds a count of { $held }, not of { $wanted }: give another file, or remove it to start this count afresh
sweep-file-other-version = { $path } holds this count ({ $description }) as another version of gridtour saved it, which this one cannot take up: give another file, or remove it to start this count afresh
sweep-file-damaged = { $path } is damaged{ $damage ->
    [does-not-fit] : it does not fit this count
    [ends-early] : it ends early, at byte { $byte }
    [checksum] : its checksum does not match (before byte { $byte })
    [states-do-not-fill] : its states do not fill it
    [impossible-state] : it holds a state the count cannot reach where it was saved (at byte { $byte })
   *[bad-value] {" "}(at byte { $byte })
}
sweep-file-not-saved = { $error }{ $kept ->
    [yes] ; the save before is kept, and the same command takes the count up from there
   *[no] {""}
}

## Knight's tour puzzles (numbered tours)
numbers-unknown-cell = unknown cell '{ $cell }' (expected a move number, . for a square to fill in or # for a blocked square)
numbers-ragged = this row has { $cells } squares, the first { $expected }
numbers-solution-shape = the solution's rows do not fit the board
numbers-size = a { $size } board is beyond a puzzle's (each side 1 to { $most })
numbers-off-board = square { $square } is off the board
numbers-given-blocked = square { $square } is blocked and cannot hold a number
numbers-out-of-range = the number { $number } on { $square } is not one of 1 to { $most }
numbers-twice = the number { $number } is given twice
numbers-two-numbers = square { $square } holds two numbers
mode-numbers = Knight's tour puzzles
welcome-numbers = New here? Click an empty square to lay the next number so that each number is a knight's move from the next; press F1 for the rules.
title-numbers = Knight's tour puzzle, { $source }
numbers-article = the article's 4 x 5 puzzle
numbers-about = { $source }: { $size } { $kind ->
    [closed] closed
   *[open] open
}, { $givens ->
    [one] 1 given
   *[other] { $givens } givens
}, { $filled } of { $squares } squares filled.
numbers-about-example = { $source }: { $givens ->
    [one] 1 given
   *[other] { $givens } givens
}, { $filled } of { $squares } squares filled.
numbers-next = A click lays { $number }.
numbers-pencil = Pencil
numbers-pencil-does = Clicks put pencil marks instead of numbers: the number to lay (typed, else the smallest missing) is marked on the square clicked, or taken off it; undo takes marks back too
numbers-next-mark = A click marks { $number } in pencil.
numbers-mark-refused = Only an empty square takes a pencil mark, of a number from 1 to { $last } ({ $number } asked for).
numbers-type = Number to lay
numbers-type-does = Type a number here, then click a square to lay it there (over the number laid there, if any); empty, a click lays the smallest number missing
numbers-full = Every number is on the board.
numbers-level = Level
numbers-request = { $size } { $kind ->
    [closed] closed
   *[open] open
}, { $level }, seed { $seed }
numbers-generated-source = generated puzzle (seed { $seed })
numbers-generated = Generated a puzzle with one solution: { $request }.
numbers-level-not-offered = Puzzles of this level are made on boards of up to { $squares } squares: beyond, making one can take minutes.
numbers-level-stepped-down = { $chosen } is for boards of at most { $squares } squares: Generate makes { $level } puzzles here.
numbers-holes = Holes, 1 alone
numbers-holes-does = Make the article's form: squares blocked and the 1 alone given, so that one tour is left (one each way when closed); no level
numbers-holes-form = holes and the 1 alone
numbers-holes-not-offered = Holes and the 1 alone are made on boards of up to { $squares } squares.
numbers-example = { $size } { $kind ->
    [closed] closed
   *[open] open
}{ $holes ->
    [0] {""}
    [one] , 1 hole
   *[other] , { $holes } holes
}, { $level }
numbers-copy-link-does = Put a one-line link to this puzzle on the clipboard (its board and givens, not the numbers laid); paste it into the window (Ctrl+V) or give it to gridtour numbers
numbers-link-copied = Copied the puzzle's link ({ $length } characters).
numbers-generate-does = Make a new puzzle with exactly one solution, of the size, kind and level chosen
numbers-hint-does = Show a number the board forces, and why, or else the next number of the solution
numbers-check-does = Say whether the numbers laid can still be finished, or which rule they break
numbers-restart-does = Take back every number laid (undo brings them back)
numbers-check-broken = Check: { $rule }.
numbers-laid-broken = Against the rules: { $rule }.
numbers-hint-broken = Hint: first mend what breaks the rules: { $rule }.
numbers-check-fine = Check: all is well, this can still be finished.
numbers-check-dead-end = Check: the numbers laid leave no solution. Undo to go back.
numbers-hint-forced = Hint: { $number } goes on { $square }, the only free square a knight's move from { $from } on { $from_square } that can still reach the next number.
numbers-hint-solution = Hint: { $number } goes on { $square }.
numbers-solved-in = Solved in { $time }{ $hints }: every square filled, each number a knight's move from the next.
numbers-solved = Solved: every square filled, each number a knight's move from the next.
numbers-play-blocked = { $square } is blocked: no number goes there
numbers-play-given = the { $square } number is given and stays
numbers-play-out-of-range = { $number } is not one of the numbers 1 to { $last }
numbers-play-empty = there is no number on { $square } to take back
numbers-broken-twice = { $number } stands twice, on { $first } and { $second }
numbers-broken-out-of-reach = { $from } on { $from_square } and { $to } on { $to_square } cannot be joined: no knight gets from one to the other in { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
numbers-broken-not-closed = the tour must close, but the last number on { $last } is not a knight's move from 1 on { $first }
numbers-answer-valid = valid: every square from 1 to { $last } filled, each number a knight's move from the next
numbers-answer-incomplete = not a solution yet: { $missing ->
    [one] 1 square is empty
   *[other] { $missing } squares are empty
}
numbers-link-not-a-link = not a link to a knight's tour puzzle (they start with { $prefix })
numbers-link-not-a-given = column { $column }: a given is a square and its number, as a1:1
numbers-link-puzzle = column { $column }: { $error }
numbers-generate-no-tour = the board has no tour of this kind to make a puzzle from
numbers-generate-too-large = puzzles are made on boards of at most { $most } a side
numbers-generate-holes-too-large = the article's form is made on boards of at most { $most } open squares
numbers-generate-none-of-level = none of the puzzles made from { $tours } tours of this board rated { $level } (the hardest rated { $reached }): try another seed, an easier level or a larger board

## The command line's help, manual pages and completions
# Headings of the options

cli-heading-board = Board
cli-heading-tour = Tour
cli-heading-counting = Counting
cli-heading-estimating = Estimating
cli-heading-analysis = Analysis
cli-heading-solving = Solving
cli-heading-generating = Generating
cli-heading-output = Output
cli-heading-resources = Resources
cli-heading-printing = Printing
cli-heading-arguments = Arguments
cli-heading-options = Options
cli-heading-commands = Commands
cli-help-usage = Usage
cli-help-examples = Examples
cli-help-default = {" "}(default: { $value })
cli-help-help = Print help
cli-help-version = Print the version

# What each command does

cli-about-gridtour = Knight's tours and Goishi Hiroi puzzles. Without a subcommand, opens the window.
cli-about-knight = Find, count or analyse knight's tours.
cli-about-goishi = Solve, count, check or generate Goishi Hiroi puzzles.
cli-about-numbers = Solve, count, check or generate knight's tour puzzles (numbered tours).
cli-about-completions = Print a completion script for a shell (e.g. `gridtour completions bash > /etc/bash_completion.d/gridtour`).
cli-about-manual = Print the manual page, in roff (e.g. `gridtour manual | man -l -`), or that of a subcommand (`gridtour manual knight`).
cli-about-help = Print this help or that of the given subcommands
cli-help-help-subcommand = The subcommands whose help to print

# Options of the window and every subcommand

cli-help-gridtour-open = Without a subcommand: a file, knight link (gridtour:knight?..) or puzz.link URL for the window to open, as its Open would.
cli-help-progress = Write a progress line to standard error every five seconds during long work even when it is not a terminal (on a terminal progress is always shown, on one line).
cli-help-memory = Memory the counting tables may use (the window's too), e.g. 4G or 512M. Default: a quarter of the machine's memory, at most half of the process's address-space limit.
cli-help-scratch = Directory where a count whose states do not fit in --memory writes them instead (the window's too). Default: the system's temporary directory.
cli-help-threads = Threads the solvers and counters share their work among (the window's too), 1 to 1024. Default: every core of the machine.
cli-help-lang = The language of the messages: en (English) or ja (Japanese). Default: the locale's (LC_ALL, LC_MESSAGES, LANG), English when it is neither.
cli-help-output = Write the result to FILE (replaced atomically: an interrupted write leaves the old file whole) instead of standard output. PNG, PDF and GIF need it, or a redirected standard output.
cli-help-cell = Pixels (points in PDF) a square (or grid spacing) in pictures. Default: 40 in SVG; PNG and GIF sized to the board (about 4000 and 1000 pixels a side); PDF fits an A4 or Letter page, at most 36 points (half an inch) a square.
cli-help-numbers = Write move (or pick) numbers in pictures. Default: on boards of up to 1,024 squares.
cli-help-no-numbers = Leave the numbers out of pictures.
cli-help-labels = Name the columns (a, b, c... or 1, 2, 3...) and rows around the board in pictures, as the window does.
cli-help-speed = Moves (or picks) a second in animations. Default: the whole path in about 12 seconds, at least 4 a second.
cli-help-web-base = With --format link: the address of gridtour's web page (index.html); the link is printed as that page's address, the link after #, which opens the board in a browser.
cli-help-max-steps = With --trace: stop after this many steps (the search stops too).
cli-help-marks = With --trace drawn as a gif or animated-svg: ring the moves tried (small, grey) and still to try (green, the next filled) from where the search stands. Knight: plain DFS, backtracking and Warnsdorff's first walk; Goishi: the stones in line, until the first restart.
cli-marks-need-picture = --marks rings moves on a picture: add --format gif or animated-svg
cli-help-count = Count the solutions instead of showing one.
cli-help-limit = Stop counting at this many solutions (2 answers "is it unique?").
cli-help-seed = Seed of the generator: the same seed gives the same puzzle.
cli-help-print = Make a sheet to print instead, as PDF: W boards across and H down a page (e.g. 3x4), as many pages as the puzzles need, each board with its columns and rows named, a caption and the link that opens it in the window. Prints the puzzles given, or with --generate the new ones --puzzles asks for.
cli-help-puzzles = With --print and --generate: how many different puzzles to make, each from its own seed (the first from --seed).
cli-help-with-solutions = With --print: the solutions on pages of their own after the puzzles, each captioned like its puzzle.
cli-help-scale = With --print: the boards' size as a multiple of the default, the largest that fits its place (at most 1 cm a square). Below 1 is smaller; above 1 only where the page has room.
cli-help-paper = With --print: a4 or letter. Default: the locale's (LC_ALL, LC_PAPER, LANG): letter in the United States, Canada and the other countries that use it, a4 elsewhere.

# gridtour knight

cli-help-knight-link = A knight link (gridtour:knight?size=…, what --format link prints): its board, kind, start and tour, each overridden by the options given. With a tour in it and no other choice, that tour is printed.
cli-help-knight-size = Board size as WIDTHxHEIGHT (e.g. 8x8, 5x6), or N for an N x N board.
cli-help-knight-start = Start square in chess notation: files a..z then aa, ab, ..; rank 1 is the bottom row. A tour starts at a1 when omitted; a count without it counts undirected tours of the whole board.
cli-help-knight-end = With --start: an open tour from --start that ends on this square (found by exhaustive search, whatever --algo says); with --count, the number of such tours.
cli-help-knight-closed = Ask for a closed tour (the last square a knight's move from the first).
cli-help-knight-algo = Solver: warnsdorff (fast, falls back to search), backtrack (exhaustive search with pruning) or dfs (plain depth-first search in a fixed move order, no pruning: small boards only).
cli-help-knight-trace = Print the search's steps instead of the tour, as JSON lines on standard output: {"{"}"step":1,"event":"push","square":"a1","tries":["b3","c2"],"onward":[5,5]{"}"} (dfs and backtrack name the squares they will try from there, in order, with their onward moves), then push, pop, dead-end, prune (with its "rule"), rotate, restart and found. With --format gif or animated-svg, draws the search instead: the path after each step, backing up as the search does.
cli-help-knight-blocked = Squares no tour may visit, comma-separated (e.g. a1,c3).
cli-help-knight-count = Count tours instead of printing one: directed tours from --start, or undirected tours of the board without it.
cli-help-knight-every-length = With --count: count the tours of every board as wide as the shorter side and 1 to the longer side long (6x12: 6x1, 6x2, .. 6x12) in one frontier sweep, a line each as the sweep passes it. Boards without blocked squares, up to 8 on the shorter side.
cli-help-knight-checkpoint = With --count: save the count's progress to FILE every few minutes (atomically), and take up the count saved there when the same command runs again; FILE is removed when the count is complete. Counts by the frontier sweep only (boards with more than 36 open squares, up to 8 on the shorter side).
cli-help-knight-checkpoint-every = Seconds between two saves to --checkpoint (0: after every square).
cli-help-knight-force = Start a count even when it is estimated to take more than an hour (it can still be stopped with Ctrl+C).
cli-help-knight-estimate = Estimate the number of tours --count would count, from random tour attempts, with a 95% interval: for boards too big to count.
cli-help-knight-seconds = How long --estimate samples, in seconds (on every core).
cli-help-knight-seed = Seed of --estimate's random attempts.
cli-help-knight-failing-starts = List the start squares where plain first-minimum Warnsdorff dead-ends, and check that the default solver finds a tour from each.
cli-help-knight-format = Output: text, json, link (a knight link), svg, png, pdf (a page to print), gif or animated-svg. Text by default.

# gridtour goishi

cli-help-goishi-puzzle = Puzzle file (text, pzprv3, PencilBox or JSON) or a puzz.link URL; with --print, as many as the sheet should hold.
cli-help-goishi-no-solution = Show the puzzle as it is, without solving it (a blank sheet to print, or the puzzle in another format).
cli-help-goishi-trace = Print the solver's steps instead of the solution, as JSON lines on standard output: {"{"}"step":1,"event":"pick","point":[x,y]{"}"}, then pick, unpick, prune (with its "rule": stranded or known-dead), restart and found. The search runs on one thread. With --format gif or animated-svg, draws the search instead, pick by pick.
cli-help-goishi-rate = Rate the puzzle's difficulty instead of showing a solution: easy, medium or hard, by the wrong picks along the solution and the search the hardest of them takes to fail.
cli-help-goishi-check = Check the pick order in this JSON file (a list of [x,y] points, or an object with an "order" list) against the puzzle.
cli-help-goishi-generate = Make a new puzzle with exactly one solution, of this size (WxH).
cli-help-goishi-stones = Number of stones of the generated puzzle (default: 30% of the points).
cli-help-goishi-difficulty = Level the generated puzzle must rate (easy, medium or hard; see --rate): puzzles are made from new seeds until one does.
cli-help-goishi-format = Output: text, json, pzprv3, url (a puzz.link URL), svg, png, pdf (a page to print), gif or animated-svg. Text by default; --print writes PDF.

# gridtour numbers

cli-help-numbers-puzzle = Puzzle file, as text or JSON, or a link (gridtour:numbers?...); with --print, as many as the sheet should hold.
cli-help-numbers-no-solution = Show the puzzle as it is, without solving it.
cli-help-numbers-rate = Rate how hard the puzzle is to solve by hand: how many numbers each deduction finds, and how many must be tried.
cli-help-numbers-check = Check the filled board in this file (text or JSON, every open square numbered) against the puzzle.
cli-help-numbers-generate = Make a new puzzle with exactly one solution on a board of this size (WxH).
cli-help-numbers-closed = The generated puzzle's tour must be closed.
cli-help-numbers-blocked = Blocked squares of the generated puzzle's board, comma-separated (e.g. a1,h8).
cli-help-numbers-level = Level of the generated puzzle, as --rate rates it: easy, medium or hard (hard keeps no given that uniqueness does not need).
cli-help-numbers-holes = Make the article's form instead: squares blocked and the 1 alone given, so that one tour is left (one each way when closed); on boards of at most 42 open squares, with the --blocked squares blocked from the start.
cli-help-numbers-format = Output: text, json, link, svg, png or pdf (a page to print; pictures of a solved puzzle only). Text by default; --print writes PDF.
cli-help-numbers-text-form = A puzzle in text is a row a line: move numbers, . for a square to fill in, # for a blocked square; a first line `closed` asks for a closed tour.

# gridtour completions and gridtour manual

cli-help-completions-shell = The shell: bash, zsh, fish, elvish or powershell.
cli-help-manual-subcommand = knight, goishi or numbers; the program's own page without it.

## Printed sheets
sheet-title-goishi = Goishi Hiroi
sheet-title-numbers = Knight's tour puzzles
sheet-heading = { $heading }, { $part }
sheet-size-goishi = { $width } x { $height }, { $stones } stones
sheet-size-numbers = { $width } x { $height }, { $kind ->
    [closed] closed
   *[open] open
} tour
sheet-caption = No. { $number }
sheet-solutions = Solutions: { $heading }
sheet-no-solution = { $caption }: no solution
sheet-one-of-several = { $caption }: one of several solutions
sheet-too-few-different = only { $found } different puzzles of this kind were made, not { $wanted }: ask for fewer, or a larger board
sheet-seeds-skipped = { $count ->
    [one] seed { $seeds } made no puzzle and was passed over
   *[other] seeds { $seeds } made no puzzle and were passed over
}

## The code beside a watched search
code-dfs-search = search(square):
code-dfs-put = put the knight on square
code-dfs-found = if every square is visited: a tour
code-dfs-each-move = for each of the eight moves from square, in a fixed order:
code-dfs-go = if it lands on a free square: search(that square)
code-dfs-dead-end = no move left to try: a dead end
code-dfs-take-back = take the knight back off square
code-backtrack-prune = if a rule shows no tour can follow: give up here
code-backtrack-order = order the free squares a move away, fewest onward moves first
code-backtrack-each-move = for each of them in that order: search(it)
code-warnsdorff-start = put the knight on the start square
code-warnsdorff-repeat = until every square is visited:
code-warnsdorff-go = go to the free square with the fewest onward moves
code-warnsdorff-stuck = stuck before the end: start again with the next tie-break
code-warnsdorff-rotate = closed tour: reverse the path's tail so that its end is next to the start
code-warnsdorff-found = a tour
code-warnsdorff-fall-back = every walk failed: search with backtracking, giving up where a rule shows no tour
code-warnsdorff-back = take the knight back
code-goishi-each-first = for each stone as the first pick:
code-goishi-search = search(stone):
code-goishi-pick = pick the stone
code-goishi-found = if every stone is picked: a solution
code-goishi-prune = if a stone left can no longer be reached, or this position failed before: give up here
code-goishi-each-next = for each first stone in line ahead, left or right (never back): search(it)
code-goishi-take-back = put the stone back
watch-code = Code
