<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ImportReport</name>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%1 meshes, %2 triangles, %3 materials, %4 textures</source>
        <translation>Мешей: %1, треугольников: %2, материалов: %3, текстур: %4</translation>
    </message>
    <message>
        <source>Winding:</source>
        <translation>Порядок обхода:</translation>
    </message>
    <message>
        <source>%1 components, %2 flipped (%3 faces, %4% of the area)</source>
        <translation>компонент: %1, перевёрнуто: %2 (граней: %3, %4% площади)</translation>
    </message>
    <message>
        <source>Base colour per material:</source>
        <translation>Базовый цвет по материалам:</translation>
    </message>
    <message>
        <source>glTF extensions:</source>
        <translation>Расширения glTF:</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Предупреждения:</translation>
    </message>
</context>
<context>
    <name>schema</name>
    <message>
        <source>Import</source>
        <translation>Импорт</translation>
    </message>
    <message>
        <source>Normalise</source>
        <translation>Нормализовать</translation>
    </message>
    <message>
        <source>Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded</source>
        <translation>Масштабировать модель и поместить её в куб с ребром «Ребро куба» с центром в начале координат; масштаб и смещение сохраняются</translation>
    </message>
    <message>
        <source>Cube edge</source>
        <translation>Ребро куба</translation>
    </message>
    <message>
        <source>model units</source>
        <translation>ед. модели</translation>
    </message>
    <message>
        <source>Edge of the normalisation cube; the pipeline&apos;s camera radius 3.2 assumes 1.6</source>
        <translation>Ребро куба нормализации; радиус камеры конвейера 3,2 рассчитан на 1,6</translation>
    </message>
    <message>
        <source>Repair winding</source>
        <translation>Исправлять обход</translation>
    </message>
    <message>
        <source>Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)</source>
        <translation>Переворачивать связные компоненты, у которых взвешенные по площади нормали направлены к центру модели (PIPELINE §1)</translation>
    </message>
    <message>
        <source>Small texture warning</source>
        <translation>Предупреждение о малой текстуре</translation>
    </message>
    <message>
        <source>px</source>
        <translation>пикс.</translation>
    </message>
    <message>
        <source>Warn when a base-colour texture covering a large part of the model is smaller than this on a side</source>
        <translation>Предупреждать, если текстура базового цвета, покрывающая значительную часть модели, меньше этого размера по стороне</translation>
    </message>
    <message>
        <source>Demo asset</source>
        <translation>Демо-ассет</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Зерно</translation>
    </message>
    <message>
        <source>Random seed: plate styles, paint and which plates are wound inward</source>
        <translation>Зерно генератора случайных чисел: стиль пластин, окраска и то, какие пластины обращены внутрь</translation>
    </message>
    <message>
        <source>Plates</source>
        <translation>Пластины</translation>
    </message>
    <message>
        <source>Open plate components in the whole model (each its own connected component)</source>
        <translation>Число открытых пластин во всей модели (каждая — отдельная связная компонента)</translation>
    </message>
    <message>
        <source>Texture size</source>
        <translation>Размер текстуры</translation>
    </message>
    <message>
        <source>Edge of the square base-colour texture</source>
        <translation>Сторона квадратной текстуры базового цвета</translation>
    </message>
    <message>
        <source>Inverted share</source>
        <translation>Доля перевёрнутых</translation>
    </message>
    <message>
        <source>Share of plates with reversed (inward) winding, as generated models have</source>
        <translation>Доля пластин с обратным (внутрь) порядком обхода, как у сгенерированных моделей</translation>
    </message>
    <message>
        <source>Atlas margin</source>
        <translation>Отступ в атласе</translation>
    </message>
    <message>
        <source>Padding around each plate&apos;s cell of the texture atlas</source>
        <translation>Отступ вокруг ячейки каждой пластины в текстурном атласе</translation>
    </message>
    <message>
        <source>Camera belt</source>
        <translation>Пояс камер</translation>
    </message>
    <message>
        <source>Train views</source>
        <translation>Обучающие ракурсы</translation>
    </message>
    <message>
        <source>Number of training views on the golden spiral</source>
        <translation>Число обучающих ракурсов на золотой спирали</translation>
    </message>
    <message>
        <source>Belt</source>
        <translation>Пояс</translation>
    </message>
    <message>
        <source>Lowest elevation</source>
        <translation>Нижняя высота</translation>
    </message>
    <message>
        <source>Bottom of the camera belt; 14° sees under guns</source>
        <translation>Нижняя граница пояса камер; с 14° видно под пушками</translation>
    </message>
    <message>
        <source>deg</source>
        <translation>град.</translation>
    </message>
    <message>
        <source>Highest elevation</source>
        <translation>Верхняя высота</translation>
    </message>
    <message>
        <source>Top of the camera belt</source>
        <translation>Верхняя граница пояса камер</translation>
    </message>
    <message>
        <source>Camera distance</source>
        <translation>Расстояние камеры</translation>
    </message>
    <message>
        <source>Radius of the camera sphere; the model fits a cube of edge 1.6</source>
        <translation>Радиус сферы камер; модель вписана в куб с ребром 1,6</translation>
    </message>
    <message>
        <source>Field of view</source>
        <translation>Поле зрения</translation>
    </message>
    <message>
        <source>Horizontal field of view (camera_angle_x)</source>
        <translation>Горизонтальное поле зрения (camera_angle_x)</translation>
    </message>
    <message>
        <source>Validation views</source>
        <translation>Валидационные ракурсы</translation>
    </message>
    <message>
        <source>Validation views on one ring</source>
        <translation>Валидационные ракурсы на одном кольце</translation>
    </message>
    <message>
        <source>Validation and test</source>
        <translation>Валидация и тест</translation>
    </message>
    <message>
        <source>Validation elevation</source>
        <translation>Высота валидации</translation>
    </message>
    <message>
        <source>Elevation of the validation ring</source>
        <translation>Высота валидационного кольца</translation>
    </message>
    <message>
        <source>Test views per ring</source>
        <translation>Тестовых ракурсов на кольцо</translation>
    </message>
    <message>
        <source>Test views on each of the two test rings</source>
        <translation>Тестовые ракурсы на каждом из двух тестовых колец</translation>
    </message>
    <message>
        <source>Low test elevation</source>
        <translation>Нижняя тестовая высота</translation>
    </message>
    <message>
        <source>Elevation of the lower test ring</source>
        <translation>Высота нижнего тестового кольца</translation>
    </message>
    <message>
        <source>High test elevation</source>
        <translation>Верхняя тестовая высота</translation>
    </message>
    <message>
        <source>Elevation of the upper test ring</source>
        <translation>Высота верхнего тестового кольца</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Датасет</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Разрешение</translation>
    </message>
    <message>
        <source>Side of the square RGBA images (training usually downsamples to 400)</source>
        <translation>Сторона квадратных RGBA-изображений (обучение обычно уменьшает до 400)</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Изображения</translation>
    </message>
    <message>
        <source>Lighting recipe</source>
        <translation>Рецепт освещения</translation>
    </message>
    <message>
        <source>ao</source>
        <translation>ao</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>flat</translation>
    </message>
    <message>
        <source>cel</source>
        <translation>cel</translation>
    </message>
    <message>
        <source>ao: albedo × sky visibility (default); flat: albedo; cel: toon bands baked in</source>
        <translation>ao: альбедо × видимость неба (по умолчанию); flat: альбедо; cel: запечённые мультяшные полосы</translation>
    </message>
    <message>
        <source>Lighting</source>
        <translation>Освещение</translation>
    </message>
    <message>
        <source>AO rays</source>
        <translation>Лучи AO</translation>
    </message>
    <message>
        <source>Hemisphere rays per vertex for sky visibility</source>
        <translation>Лучей полусферы на вершину для видимости неба</translation>
    </message>
    <message>
        <source>AO detail</source>
        <translation>Детализация AO</translation>
    </message>
    <message>
        <source>Edges longer than this are split before baking sky visibility</source>
        <translation>Рёбра длиннее этого делятся перед запеканием видимости неба</translation>
    </message>
    <message>
        <source>Anti-aliasing</source>
        <translation>Сглаживание</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>выборок</translation>
    </message>
    <message>
        <source>MSAA samples; alpha at silhouettes is the coverage</source>
        <translation>Выборки MSAA; альфа на силуэтах — это покрытие</translation>
    </message>
    <message>
        <source>PNG compression</source>
        <translation>Сжатие PNG</translation>
    </message>
    <message>
        <source>zlib level of the written PNGs: lower is faster</source>
        <translation>Уровень zlib для записываемых PNG: меньше — быстрее</translation>
    </message>
    <message>
        <source>Seed of the sky-visibility rays</source>
        <translation>Зерно лучей видимости неба</translation>
    </message>
</context>
<context>
    <name>sw::editor::DatasetPanel</name>
    <message>
        <source>The project&apos;s cache folder</source>
        <translation>Папка кэша проекта</translation>
    </message>
    <message>
        <source>Render Dataset</source>
        <translation>Отрендерить датасет</translation>
    </message>
    <message>
        <source>Material colours (HSV)</source>
        <translation>Цвета материалов (HSV)</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Выбрать…</translation>
    </message>
    <message>
        <source>Dataset Folder</source>
        <translation>Папка датасета</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Вывод</translation>
    </message>
</context>
<context>
    <name>sw::editor::DatasetRunner</name>
    <message>
        <source>Rendering the dataset</source>
        <translation>Рендеринг датасета</translation>
    </message>
    <message>
        <source>%1 train, %2 val, %3 test views in %4 s (lighting %5 s, render %6 s, PNG %7 s)</source>
        <translation>%1 обучающих, %2 валидационных, %3 тестовых ракурсов за %4 с (освещение %5 с, рендеринг %6 с, PNG %7 с)</translation>
    </message>
</context>
<context>
    <name>sw::editor::MainWindow</name>
    <message>
        <source>Splatwright</source>
        <translation>Splatwright</translation>
    </message>
    <message>
        <source>Viewport</source>
        <translation>Вьюпорт</translation>
    </message>
    <message>
        <source>Re-import</source>
        <translation>Импортировать заново</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Импорт</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Сгенерировать</translation>
    </message>
    <message>
        <source>Demo drone</source>
        <translation>Демо-дрон</translation>
    </message>
    <message>
        <source>Open a model to see its import report.</source>
        <translation>Откройте модель, чтобы увидеть отчёт об импорте.</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>Отчёт об импорте</translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation>&amp;Открыть модель…</translation>
    </message>
    <message>
        <source>Open &amp;Demo Drone</source>
        <translation>Открыть &amp;демо-дрон</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Orbit Camera</source>
        <translation>&amp;Орбитальная камера</translation>
    </message>
    <message>
        <source>&amp;Turntable Camera</source>
        <translation>&amp;Камера-поворотный стол</translation>
    </message>
    <message>
        <source>&amp;Grey Background</source>
        <translation>&amp;Серый фон</translation>
    </message>
    <message>
        <source>&amp;Black Background</source>
        <translation>&amp;Чёрный фон</translation>
    </message>
    <message>
        <source>&amp;Reset View</source>
        <translation>С&amp;бросить вид</translation>
    </message>
    <message>
        <source>&amp;About Splatwright</source>
        <translation>&amp;О программе Splatwright</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Недавние файлы</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Не удалось открыть модель</translation>
    </message>
    <message>
        <source>Cannot open the demo drone</source>
        <translation>Не удалось открыть демо-дрон</translation>
    </message>
    <message>
        <source>Cannot generate the demo drone</source>
        <translation>Не удалось сгенерировать демо-дрон</translation>
    </message>
    <message>
        <source>Generating the demo drone</source>
        <translation>Генерация демо-дрона</translation>
    </message>
    <message>
        <source>%1 — Splatwright</source>
        <translation>%1 — Splatwright</translation>
    </message>
    <message>
        <source>About Splatwright</source>
        <translation>О программе Splatwright</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Turns textured game models into budgeted, destructible Gaussian-splat assets.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Превращает текстурированные игровые модели в разрушаемые ассеты из гауссовых сплатов с заданным бюджетом.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Открыть модель</translation>
    </message>
    <message>
        <source>Models (*.glb *.gltf *.fbx *.obj);;All files (*)</source>
        <translation>Модели (*.glb *.gltf *.fbx *.obj);;Все файлы (*)</translation>
    </message>
    <message>
        <source>&amp;New Project from Model…</source>
        <translation>&amp;Новый проект из модели…</translation>
    </message>
    <message>
        <source>Open &amp;Project…</source>
        <translation>Открыть &amp;проект…</translation>
    </message>
    <message>
        <source>&amp;Save Project</source>
        <translation>&amp;Сохранить проект</translation>
    </message>
    <message>
        <source>Save Project &amp;As…</source>
        <translation>Сохранить проект &amp;как…</translation>
    </message>
    <message>
        <source>Camera &amp;Markers</source>
        <translation>&amp;Маркеры камер</translation>
    </message>
    <message>
        <source>&amp;Part Colours</source>
        <translation>Цвета &amp;частей</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Датасет</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>Части</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>Кадры</translation>
    </message>
    <message>
        <source>Cannot render the dataset</source>
        <translation>Не удалось отрендерить датасет</translation>
    </message>
    <message>
        <source>No writable cache folder; choose an output folder.</source>
        <translation>Нет доступной для записи папки кэша; выберите папку вывода.</translation>
    </message>
    <message>
        <source>Cannot create the project</source>
        <translation>Не удалось создать проект</translation>
    </message>
    <message>
        <source>Cannot open the project</source>
        <translation>Не удалось открыть проект</translation>
    </message>
    <message>
        <source>Cannot save the project</source>
        <translation>Не удалось сохранить проект</translation>
    </message>
    <message>
        <source>Open a model first.</source>
        <translation>Сначала откройте модель.</translation>
    </message>
    <message>
        <source>New Project from Model</source>
        <translation>Новый проект из модели</translation>
    </message>
    <message>
        <source>Save New Project</source>
        <translation>Сохранить новый проект</translation>
    </message>
    <message>
        <source>Splatwright projects (*.splatproj)</source>
        <translation>Проекты Splatwright (*.splatproj)</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>Открыть проект</translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation>Сохранить проект как</translation>
    </message>
</context>
<context>
    <name>sw::editor::ModelLoader</name>
    <message>
        <source>Importing %1</source>
        <translation>Импорт %1</translation>
    </message>
</context>
<context>
    <name>sw::editor::ModelStatus</name>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>%1 triangles</source>
        <translation>Треугольников: %1</translation>
    </message>
    <message>
        <source>%1 components</source>
        <translation>Компонент: %1</translation>
    </message>
    <message>
        <source>flipped: %1 components, %2 faces</source>
        <translation>перевёрнуто: компонент %1, граней %2</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>Нет модели</translation>
    </message>
    <message>
        <source>frame %1 ms</source>
        <translation>кадр %1 мс</translation>
    </message>
</context>
<context>
    <name>sw::editor::RecentFiles</name>
    <message>
        <source>Clear List</source>
        <translation>Очистить список</translation>
    </message>
</context>
<context>
    <name>sw::widgets::FrameBrowser</name>
    <message>
        <source>No dataset rendered yet.</source>
        <translation>Датасет ещё не отрендерен.</translation>
    </message>
    <message>
        <source>%1 %2
%3° / %4°</source>
        <translation>%1 %2
%3° / %4°</translation>
    </message>
    <message>
        <source>%1 #%2: elevation %3°, azimuth %4°, %5×%6 px</source>
        <translation>%1 №%2: высота %3°, азимут %4°, %5×%6 пикс.</translation>
    </message>
    <message>
        <source>Frames: %1 in %2</source>
        <translation>Кадров: %1 в %2</translation>
    </message>
</context>
<context>
    <name>sw::widgets::HsvTable</name>
    <message>
        <source>Material</source>
        <translation>Материал</translation>
    </message>
    <message>
        <source>Hue shift</source>
        <translation>Сдвиг тона</translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation>Насыщенность</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Яркость</translation>
    </message>
    <message>
        <source>material %1</source>
        <translation>материал %1</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
</context>
<context>
    <name>sw::widgets::LogDock</name>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Отладка</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Информация</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Предупреждение</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>Show from:</source>
        <translation>Показывать от:</translation>
    </message>
</context>
<context>
    <name>sw::widgets::ParamPanel</name>
    <message>
        <source>Load preset…</source>
        <translation>Загрузить пресет…</translation>
    </message>
    <message>
        <source>Save preset…</source>
        <translation>Сохранить пресет…</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>По умолчанию</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>Пресеты (*.json)</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>Загрузка пресета</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>Сохранение пресета</translation>
    </message>
    <message>
        <source>Could not load preset %1:
%2</source>
        <translation>Не удалось загрузить пресет %1:
%2</translation>
    </message>
    <message>
        <source>Could not save preset %1:
%2</source>
        <translation>Не удалось сохранить пресет %1:
%2</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Пресет</translation>
    </message>
</context>
<context>
    <name>sw::widgets::PartsPanel</name>
    <message>
        <source>Part</source>
        <translation>Часть</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>Грани</translation>
    </message>
    <message>
        <source>Assign to Part</source>
        <translation>Перенести в часть</translation>
    </message>
    <message>
        <source>Moves the picked component into the part selected above</source>
        <translation>Переносит выбранную компоненту в часть, выделенную выше</translation>
    </message>
    <message>
        <source>Add Part</source>
        <translation>Добавить часть</translation>
    </message>
    <message>
        <source>Click the model in the viewport to pick a connected component.</source>
        <translation>Щёлкните по модели во вьюпорте, чтобы выбрать связную компоненту.</translation>
    </message>
    <message>
        <source>part %1</source>
        <translation>часть %1</translation>
    </message>
    <message>
        <source>No model.</source>
        <translation>Нет модели.</translation>
    </message>
    <message>
        <source>No component picked (components in the model: %1).</source>
        <translation>Компонента не выбрана (компонент в модели: %1).</translation>
    </message>
    <message>
        <source>Picked component %1 (faces: %2).</source>
        <translation>Выбрана компонента %1 (граней: %2).</translation>
    </message>
</context>
</TS>
