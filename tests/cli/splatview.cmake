# splatwright-cli bench-render / preview (issue 6). Labelled gl as well: they need an EGL
# context. bench-render is run small (--skip-large, few frames) so the suite stays fast.
sw_cli_test(bench_render_small RC 0 LABELS cli gl
            MATCH "boss: [0-9]+ core \\+ [0-9]+ shell splats at 320x200.*core pass, octagons .*ms/frame.*shell pass .*ms/frame.*links, 1M points .*ms/frame"
            ARGS bench-render --width 320 --height 200 --frames 2 --skip-large --save-boss ${SW_OUT}/bench_boss.bin)
sw_cli_test(preview_boss_game_scale RC 0 LABELS cli gl MATCH "preview: .*game scale 80 px"
            REQUIRES ${SW_OUT}/bench_boss.bin
            ARGS preview ${SW_OUT}/bench_boss.bin -o ${SW_OUT}/preview_boss.png --game-scale 80)
sw_cli_test(preview_overlay_part RC 0 LABELS cli gl MATCH "preview: "
            REQUIRES ${SW_OUT}/bench_boss.bin
            ARGS preview ${SW_OUT}/bench_boss.bin -o ${SW_OUT}/preview_part.png --overlay part --view 160x120)
sw_cli_test(preview_bad_overlay RC 1 MATCH "--overlay: .*rainbow"
            ARGS preview ${SW_OUT}/bench_boss.bin -o ${SW_OUT}/x.png --overlay rainbow)
sw_cli_test(preview_missing_file RC 2 MATCH "error: .*nothing_here.bin"
            ARGS preview ${SW_OUT}/nothing_here.bin -o ${SW_OUT}/x.png)
sw_cli_test(preview_effect_links RC 0 LABELS cli gl MATCH "preview: .*\\(96x64\\)"
            REQUIRES ${SW_OUT}/bench_boss.bin
            ARGS preview ${SW_OUT}/bench_boss.bin -o ${SW_OUT}/preview_fx.png --view 96x64 --effect scatter-vortex
                 --amount 0.4 --links 20000 --lod 500)
sw_cli_test(preview_bad_effect RC 5 MATCH "unknown effect 'wobble'"
            REQUIRES ${SW_OUT}/bench_boss.bin
            ARGS preview ${SW_OUT}/bench_boss.bin -o ${SW_OUT}/x.png --view 64x48 --effect wobble)
sw_cli_test(preview_bad_view RC 5 MATCH "--view must be WxH"
            REQUIRES ${SW_OUT}/bench_boss.bin
            ARGS preview ${SW_OUT}/bench_boss.bin -o ${SW_OUT}/x.png --view 6x48)
# The previews read the boss the bench wrote: run them after it, also under ctest -j.
set_tests_properties(cli.bench_render_small PROPERTIES FIXTURES_SETUP splatview_boss)
set_tests_properties(cli.preview_boss_game_scale cli.preview_overlay_part cli.preview_effect_links
                     cli.preview_bad_effect cli.preview_bad_view PROPERTIES FIXTURES_REQUIRED splatview_boss)
