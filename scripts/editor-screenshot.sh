#!/usr/bin/env bash
# Takes docs/images/editor-neovim.png: a real Neovim session with fairyc-lsp
# on a piece file (diagnostics as you type, a hover diagram), captured from a
# tmux pane with its colours, turned into HTML by aha and rendered by
# headless Chromium. Not a test; run it after a change the picture shows.
#
#   scripts/editor-screenshot.sh [OUT.png]
#
# Needs the build (build/tools/fairyc-lsp) and Debian's neovim, tmux, aha
# and chromium (apt-get install neovim tmux aha chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-docs/images/editor-neovim.png}
lsp=$root/build/tools/fairyc-lsp
for tool in nvim tmux aha chromium; do
  command -v "$tool" >/dev/null || { echo "editor-screenshot: $tool is missing (apt-get install neovim tmux aha chromium)" >&2; exit 1; }
done
[ -x "$lsp" ] || { echo "editor-screenshot: build fairyc-lsp first (scripts/build.sh)" >&2; exit 1; }

work=$(mktemp -d)
trap 'tmux -L fairyc-shot kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/fairies.fairy" <<'PIECES'
// Fairy pieces for a 10x10 variant.
board 10x10;

piece chancellor C betza "RN";
// A king that also steps like a wazir: the W adds nothing.
piece guard G betza "KW";
// A typo: Betza's atoms are upper case letters.
piece lancer L betza "fRbx";
piece wizard W betza "FC";
PIECES
cat > "$work/init.lua" <<LUA
vim.opt.number = true
vim.opt.termguicolors = true
vim.opt.signcolumn = "yes"
vim.cmd("colorscheme default")
vim.cmd("highlight NormalFloat guibg=#1e2a33 guifg=#e0e0e0")
vim.api.nvim_create_autocmd({"BufRead", "BufNewFile"}, {
  pattern = "*.fairy",
  callback = function(args)
    vim.bo[args.buf].filetype = "fairy"
    local client = vim.lsp.start_client({
      name = "fairyc-lsp",
      cmd = { "$lsp" },
      root_dir = vim.fn.getcwd(),
    })
    vim.lsp.buf_attach_client(args.buf, client)
  end,
})
LUA
cd "$work"
tmux -L fairyc-shot new-session -d -x 100 -y 32 \
  "TERM=xterm-256color nvim -u $work/init.lua fairies.fairy"
sleep 3
# The hover on the wizard: its Betza and its diagram.
tmux -L fairyc-shot send-keys 9G 8l
sleep 1
tmux -L fairyc-shot send-keys ':lua vim.lsp.buf.hover()' Enter
sleep 2
tmux -L fairyc-shot capture-pane -e -p > screen.ansi
aha --black --title "fairyc-lsp in Neovim" < screen.ansi > screen.html
sed -i 's|<pre>|<pre style="font: 15px/1.25 DejaVu Sans Mono, monospace; margin: 8px">|' screen.html
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --force-device-scale-factor=1 --window-size=930,690 \
  --user-data-dir="$work/profile" --screenshot="$work/shot.png" \
  "file://$work/screen.html" >/dev/null 2>&1
case $out in /*) ;; *) out=$root/$out ;; esac
cp "$work/shot.png" "$out"
echo "editor-screenshot: wrote $out"
