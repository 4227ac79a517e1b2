sw_core_test(dataset SOURCES core/tst_dataset.cpp LIBS sw::dataset nlohmann_json::nlohmann_json)
sw_core_test(lighting SOURCES core/tst_lighting.cpp LIBS sw::dataset)
sw_cli_test(dataset_demo RC 0 MATCH "200 train, 8 val, 16 test at 96" CLEAN ${SW_OUT}/cli_dataset
            ARGS dataset ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/cli_dataset --resolution 96 --ao-rays 8)
set_tests_properties(cli.dataset_demo PROPERTIES FIXTURES_REQUIRED demo_glb LABELS "cli;gl")
sw_cli_test(dataset_missing_model RC 2 MATCH "no_such_model.glb"
            ARGS dataset ${SW_OUT}/no_such_model.glb -o ${SW_OUT}/cli_dataset_missing)
sw_cli_test(dataset_bad_recipe RC 5 MATCH "recipe.*ao, flat, cel"
            ARGS dataset ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/x --recipe pbr)
sw_cli_test(dataset_bad_belt RC 5 MATCH "elevation-min is above elevation-max"
            ARGS dataset ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/x --elevation-min 60 --elevation-max 20)
set_tests_properties(cli.dataset_bad_belt PROPERTIES FIXTURES_REQUIRED demo_glb)
sw_cli_test(dataset_demo_glb RC 0 ARGS demo -o ${SW_OUT}/cli_dataset_demo.glb --texture-size 256)
set_tests_properties(cli.dataset_demo_glb PROPERTIES FIXTURES_SETUP demo_glb)
sw_cli_test(dataset_hsv RC 0 MATCH "8 train, 0 val, 0 test at 32" CLEAN ${SW_OUT}/cli_dataset_hsv
            ARGS dataset ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/cli_dataset_hsv --resolution 32 --views 8
                 --val-views 0 --test-views 0 --recipe flat --hsv drone_paint:180,1.2,0.9)
set_tests_properties(cli.dataset_hsv PROPERTIES FIXTURES_REQUIRED demo_glb LABELS "cli;gl")
sw_cli_test(dataset_hsv_unknown_material RC 5 MATCH "--hsv names no material 'hull_paint'"
            ARGS dataset ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/x --hsv hull_paint:10,1,1)
set_tests_properties(cli.dataset_hsv_unknown_material PROPERTIES FIXTURES_REQUIRED demo_glb)
sw_cli_test(dataset_hsv_malformed RC 5 MATCH "is not <material>:<hue>,<saturation>,<value>"
            ARGS dataset ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/x --hsv drone_paint:10,1)
set_tests_properties(cli.dataset_hsv_malformed PROPERTIES FIXTURES_REQUIRED demo_glb)
