# tview — terminal animated-image viewer. `make run` and `make test` work on a fresh machine:
# each installs what it needs first (Debian packages, through apt-get, as root).

PREFIX ?= /usr/local
SWIFT ?= swift
# Tests build in release (the corpus run decodes ~400 files) with testing enabled, in their own
# folder so `make build` does not rebuild every time.
TEST_FLAGS = -c release -Xswiftc -enable-testing --scratch-path .build-test

# What building and testing need; `deps` installs whatever of it is missing.
DEB_PACKAGES = pkg-config libgif-dev libpng-dev libwebp-dev libjpeg62-turbo-dev libavif-dev libdav1d-dev libjxl-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libncursesw5-dev ncurses-term zsh fish mandoc groff-base
# What regenerating the samples needs in addition.
SAMPLE_PACKAGES = webp libavif-bin libjxl-tools python3 python3-pil ffmpeg

SAMPLE = samples/good/apng-blend-alpha.png

.PHONY: all deps build man test lint docs examples format test-asan fuzz fuzz-build conformance run install uninstall deb samples media rss e2e bench bench-peers bench-pixels bench-render hot-functions clean

all: build

deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "swift not found: install the Swift 6 toolchain" >&2; exit 1; }

# The Swift runtime is linked in statically: a self-contained binary (copy it to a host without
# Swift, for `ssh host tview`) that starts faster and resides in about 3 MB less memory. lld (the
# Swift toolchain's) packs its 42,000 relative relocations (930 KB the loader reads at every
# start) into 8 KB (DT_RELR): 1.0-1.3 MB less resident (gold, the default, cannot). It also lays
# out first the functions tview runs, in the order it first runs them (linker/hot-functions.txt,
# written by bench/hot_functions.py; every function in a section of its own so it can be moved):
# the kernel maps the code 64 KB around each page run, and the 2,500 functions a session runs lay
# scattered over 10 MB. Functions the list names that a build no longer has are passed over.
# The binary needs glibc 2.36 (Debian 12) or newer where it is copied to, as it needs Debian
# 12's image libraries.
#
# libstdc++ is linked in as well: the Swift runtime calls a few dozen of its functions (new and
# delete, strings, a tree), and as a shared library the loader mapped it and bound 1,700 of its
# symbols at every start (--version 10.3 -> 9.0 ms). The linker takes the first libstdc++ its
# search path holds; STATIC_CXX puts the archive (from the GCC the toolchain's clang uses) ahead
# of GCC's libstdc++.so. Where there is no archive the folder is empty and it links as before.
HOT_FUNCTIONS = $(CURDIR)/linker/hot-functions.txt
STATIC_CXX = $(CURDIR)/.build/static-c++
SWIFT_CLANG = $(dir $(realpath $(shell command -v $(SWIFT))))clang
LINK_FLAGS = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xlinker --symbol-ordering-file=$(HOT_FUNCTIONS) -Xlinker --no-warn-symbol-ordering \
	-Xlinker -L$(STATIC_CXX)
build: deps
	@mkdir -p $(STATIC_CXX); rm -f $(STATIC_CXX)/libstdc++.a; \
	archive=$$($(SWIFT_CLANG) -print-file-name=libstdc++.a 2>/dev/null); \
	case "$$archive" in /*) ln -s "$$archive" $(STATIC_CXX)/libstdc++.a ;; esac
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath $(LINK_FLAGS)

# Rewrites linker/hot-functions.txt from this build's runs under valgrind (a few minutes; the
# bench media, from `make bench`, where present): then `make build` again to use it.
hot-functions: build
	@dpkg -s valgrind >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind; }
	python3 bench/hot_functions.py --media $(MEDIA)

test: deps
	$(SWIFT) build $(TEST_FLAGS) --build-tests
	$(SWIFT) test $(TEST_FLAGS) --skip-build

# Style: swift-format (part of the Swift toolchain) with .swift-format, every Swift file.
LINT_PATHS = Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources Examples/Package.swift Examples/Sources
lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

# Rewrites the Swift files in place the way `make lint` wants them.
format:
	$(SWIFT) format format --in-place --recursive $(LINT_PATHS)

# The test suite under AddressSanitizer (its own build folder; about three times slower).
test-asan: deps
	$(SWIFT) build -c debug --sanitize address --scratch-path .build-asan --build-tests
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test -c debug --sanitize address --scratch-path .build-asan --skip-build

# libFuzzer, one target per decoder (Fuzz/, a package of its own), seeded from ../shared/corpus and
# samples/, FUZZ_SECONDS each (make fuzz FUZZ_SECONDS=600 for a longer hunt; CI runs 20). A crash,
# a hang over 2 s or an allocation over 200 MB fails the run and leaves the input in
# .build-fuzz/findings/. lld links it (gold fails on libFuzzer's objects).
FUZZ_SECONDS ?= 120
fuzz-build: deps
	cd Fuzz && $(SWIFT) build -c release --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

fuzz: fuzz-build
	Fuzz/run_fuzz.sh .build-fuzz $(FUZZ_SECONDS)

# The corpus conformance run alone (skips with a message when ../shared/corpus is absent);
# the report lands in .build/conformance.md.
conformance: deps
	$(SWIFT) build $(TEST_FLAGS) --build-tests
	$(SWIFT) test $(TEST_FLAGS) --skip-build --filter CorpusConformanceTests
	@cat .build/conformance.md | head -20

# Plays samples (n: next file, q: quit); on a pipe, prints their first frames.
RUN_SAMPLES = samples/good/demo-ball.gif samples/good/apng-blend-alpha.png samples/good/webp-lossless-alpha.webp
run: build
	.build/release/tview $(RUN_SAMPLES)

# The binary, the man page and bash, zsh and fish completions.
SHARE = $(DESTDIR)$(PREFIX)/share
install: build man
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -m 755 .build/release/tview $(DESTDIR)$(PREFIX)/bin/tview
	install -m 644 $(MAN_DIR)/tview.1 $(SHARE)/man/man1/tview.1
	.build/release/tview --generate-completion-script bash > $(SHARE)/bash-completion/completions/tview
	.build/release/tview --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_tview
	.build/release/tview --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/tview.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tview $(SHARE)/man/man1/tview.1 $(SHARE)/bash-completion/completions/tview \
		$(SHARE)/zsh/site-functions/_tview $(SHARE)/fish/vendor_completions.d/tview.fish

# The man page, written from what tview says of itself (--experimental-dump-help: every option,
# its default and allowed values; the discussion: keys, modes, exit status, environment) by
# docs/make_man.py. `man -l .build/man/tview.1`.
MAN_DIR = .build/man
man: build
	@mkdir -p $(MAN_DIR)
	python3 docs/make_man.py .build/release/tview "$$(git log -1 --format=%cs 2>/dev/null || date +%F)" $(MAN_DIR)/tview.1

# A Debian package, tview_VERSION_ARCH.deb here, for `apt install ./tview_*.deb`: the stripped
# binary, man page, completions, copyright and changelog, Depends from dpkg-shlibdeps, the
# libraries tview opens with dlopen as Recommends, checked by lintian (packaging/make_deb.sh;
# docs/packaging.md). `make e2e` installs it, runs it and purges it (e2e/deb_install.sh).
DEB_TOOLS = dpkg-dev lintian
deb: build man
	@missing=""; for p in $(DEB_TOOLS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	packaging/make_deb.sh

samples:
	@missing=""; for p in $(SAMPLE_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	python3 samples/make_samples.py

# The benchmark media (bench/make_media.py, from ffmpeg's test sources: the same bytes on every
# run) in $(MEDIA); files already there are kept.
MEDIA ?= /tmp/tview-bench-media
media:
	@command -v ffmpeg >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg; }
	python3 bench/make_media.py $(MEDIA)

# Peak memory of `tview --info` on the 1000-frame 1920x1080 GIF of the benchmark media.
rss: build media
	/usr/bin/time -v .build/release/tview --info $(MEDIA)/huge.gif 2>&1 | grep -E "huge.gif|Maximum resident|Elapsed"

# A real terminal: tview in tmux, the pane read back with capture-pane -e and checked cell by
# cell against the sample's expected frame, in truecolor and 256 colours; then q must restore.
# The gallery likewise (--grid 2x1: both tiles cell by cell, Enter opens one, q comes back).
# Previews: fzf, lf and vifm configured as the README says, each pane cell for cell against
# tview's own output for the size the client passed (e2e/previews.py).
# Then a real window: xterm under Xvfb, screenshotted (xwd) and compared with the expected frame;
# the screenshot is the README's picture (docs/screenshot-xterm.png). And the sixel encoder's output in
# xterm -ti vt340, compared with the frame at pixel resolution. Then pixel output playing in kitty
# (software GL) and xterm -ti vt340, stepped with xdotool, each step's screenshot compared with
# the frame, and q checked to give the terminal back (docs/screenshot-kitty.png, -sixel.png);
# --probe in kitty, kitty>tmux, xterm and foot; text in quadrants in xterm, in sextants in kitty and
# foot (each screenshot also against tview's bytes rasterised, e2e/text_screen.py); sixel stepped
# in foot too (headless under cage, as an unprivileged user made for it, keys put into its tty;
# docs/screenshot-kitty-sextants.png, -foot-). Last, real
# SSH: sshd in a network namespace held to 2 Mbit/s by tc tbf, med.gif in half blocks and kitty mode
# through ssh -tt, each loop on the far screen within 5 % of nominal, q restoring the remote tty.
# And a 30-file gallery in a 1200x800 kitty, each tile of 20 screenshots against its file's frames.
E2E_PACKAGES = tmux xvfb xterm mlterm x11-apps imagemagick fonts-dejavu-core kitty xdotool foot cage grim xwayland \
	openssh-server openssh-client iproute2 fzf lf vifm ranger nnn
e2e: build media
	$(SWIFT) build -c release --product tview-bench
	@missing=""; for p in $(E2E_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@python3 -c "import pyte, PIL" 2>/dev/null || pip install -q pyte pillow
	python3 e2e/tmux_render_check.py .build/release/tview
	python3 e2e/kitty_outer_model_selftest.py
	python3 e2e/tmux_placeholders.py .build/release/tview
	python3 e2e/tmux_sixel.py .build/release/tview
	python3 e2e/previews.py .build/release/tview
	python3 e2e/xterm_screenshot.py .build/release/tview docs/screenshot-xterm.png
	python3 e2e/pixel_terminals.py .build/release/tview docs
	python3 e2e/inline_pixels.py .build/release/tview
	python3 e2e/foot_checks.py .build/release/tview docs
	python3 e2e/kitty_gallery.py .build/release/tview $(MEDIA)
	python3 e2e/ssh_link.py .build/release/tview $(MEDIA)
	$(MAKE) deb
	e2e/deb_install.sh

# The peers bench/run_bench.py and bench/run_fidelity.py measure first: the newest chafa 1.18.x and
# timg 1.6.x, built from source into /opt/peers by ../shared/bench/build_peers.sh (once, a few
# minutes) from copies of their repositories ($MIRRORS, /work/.mirror, or cloned into
# ~/.cache/tview-bench); Debian 12's chafa 1.12 and timg 1.4.5 are the second row. The builder is
# not part of the repository: without it nothing is built and Debian's chafa and timg are the peers.
bench-peers:
	bash bench/setup_peers.sh

# tview against chafa and timg (installed when missing) on the benchmark media, playing
# in a pseudo-terminal, fast and behind throttled links: bench/results/cost.md and bench/results/cost.png
# (first the four symbol sets against chafa 1.18, timg 1.6 and Debian's);
# then pixel output (kitty, sixel, iTerm2): bench/results/pixels.md; then a 1000-frame image sequence:
# bench/results/sources.md; inline in the scrollback: bench/results/inline.md; then the gallery
# against timg --grid (24 files; timg takes about 10 GB): bench/results/gallery.md; last, picture fidelity of text output: bench/results/fidelity.md.
bench: build bench-peers media
	@for p in chafa timg ffmpeg mpv gifsicle avifenc:libavif-bin cjxl:libjxl-tools sshd:openssh-server ssh:openssh-client tc:iproute2; do \
		command -v $${p%%:*} >/dev/null || missing="$$missing $${p#*:}"; done; \
	if [ -n "$$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@python3 -c "import matplotlib, pyte" 2>/dev/null || pip install -q matplotlib pyte
	@# run_video.py's camera clip (make_media.py) and picture scores, run_fidelity.py's scores
	@python3 -c "import skimage, pyte, scipy" 2>/dev/null || pip install -q scikit-image pyte scipy
	python3 bench/run_bench.py --media $(MEDIA)
	python3 e2e/ssh_link.py .build/release/tview $(MEDIA) --report bench/results/cost.md
	python3 bench/run_inline.py --media $(MEDIA)
	python3 bench/run_video.py --media $(MEDIA)
	python3 bench/run_photos.py --media $(MEDIA)
	python3 bench/run_pixels.py --media $(MEDIA)
	python3 bench/run_sources.py --media $(MEDIA)
	python3 bench/run_modern.py --media $(MEDIA)
	python3 bench/run_gallery.py --media $(MEDIA)
	python3 bench/run_fidelity.py --media $(MEDIA)

# Pixel output alone (kitty, sixel, iTerm2 against chafa and timg): bench/results/pixels.md, a few minutes.
bench-pixels: build media
	python3 bench/run_pixels.py --media $(MEDIA)

# Render cost per frame (downsample + cells), cells changed and bytes per frame (ANSI diff,
# ncurses, full redraw) on the benchmark media at 160x48 and 80x24.
bench-render: build media
	.build/release/tview-bench render $(MEDIA) 200 | tee bench/results/render.md

# The library's documentation (DocC, from TViewKit's doc comments and its catalog), built with
# every warning an error, into .build-docs/; then every public symbol must have a summary.
docs: deps
	$(SWIFT) package --scratch-path .build-docs generate-documentation --target TViewKit --warnings-as-errors \
		--experimental-documentation-coverage --coverage-summary-level brief
	python3 docs/check_doc_coverage.py .build-docs

# The example programs in Examples/ (a package that depends on tview by path, as another would by
# URL): built, then run as a person would, in a pseudo-terminal (Examples/check_examples.py).
examples: deps
	$(SWIFT) build -c release --package-path Examples
	@python3 -c "import pyte" 2>/dev/null || pip install -q pyte
	python3 Examples/check_examples.py Examples/.build/release

clean:
	rm -rf .build .build-test .build-asan .build-fuzz
