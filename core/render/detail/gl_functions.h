#pragma once
// The GL 4.5 core functions the renderer uses, resolved once per context from the host's
// loader. Internal to core/render: only detail/ and .cpp files include <GL/glcorearb.h>.
#include <GL/glcorearb.h>

#include <string>

#include "core/foundation/error.h"
#include "core/render/gl_loader.h"

// X(pointer type, name without the "gl" prefix): exactly the functions we call.
#define SW_GL_FUNCTIONS(X)                                                   \
    X(PFNGLGETERRORPROC, GetError)                                           \
    X(PFNGLGETINTEGERVPROC, GetIntegerv)                                     \
    X(PFNGLGETSTRINGIPROC, GetStringi)                                       \
    X(PFNGLENABLEPROC, Enable)                                               \
    X(PFNGLDISABLEPROC, Disable)                                             \
    X(PFNGLDEPTHFUNCPROC, DepthFunc)                                         \
    X(PFNGLDEPTHMASKPROC, DepthMask)                                         \
    X(PFNGLCOLORMASKPROC, ColorMask)                                         \
    X(PFNGLVIEWPORTPROC, Viewport)                                           \
    X(PFNGLCLEARCOLORPROC, ClearColor)                                       \
    X(PFNGLCLEARDEPTHPROC, ClearDepth)                                       \
    X(PFNGLCLEARPROC, Clear)                                                 \
    X(PFNGLPIXELSTOREIPROC, PixelStorei)                                     \
    X(PFNGLREADPIXELSPROC, ReadPixels)                                       \
    X(PFNGLREADBUFFERPROC, ReadBuffer)                                       \
    X(PFNGLCREATESHADERPROC, CreateShader)                                   \
    X(PFNGLSHADERSOURCEPROC, ShaderSource)                                   \
    X(PFNGLCOMPILESHADERPROC, CompileShader)                                 \
    X(PFNGLGETSHADERIVPROC, GetShaderiv)                                     \
    X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                           \
    X(PFNGLDELETESHADERPROC, DeleteShader)                                   \
    X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                 \
    X(PFNGLATTACHSHADERPROC, AttachShader)                                   \
    X(PFNGLLINKPROGRAMPROC, LinkProgram)                                     \
    X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                   \
    X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                         \
    X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                 \
    X(PFNGLUSEPROGRAMPROC, UseProgram)                                       \
    X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                       \
    X(PFNGLUNIFORM1IPROC, Uniform1i)                                         \
    X(PFNGLUNIFORM1FPROC, Uniform1f)                                         \
    X(PFNGLMINSAMPLESHADINGPROC, MinSampleShading)                           \
    X(PFNGLUNIFORM3FPROC, Uniform3f)                                         \
    X(PFNGLUNIFORM4FVPROC, Uniform4fv)                                       \
    X(PFNGLUNIFORMMATRIX4FVPROC, UniformMatrix4fv)                           \
    X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                             \
    X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                             \
    X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)                       \
    X(PFNGLGENBUFFERSPROC, GenBuffers)                                       \
    X(PFNGLBINDBUFFERPROC, BindBuffer)                                       \
    X(PFNGLBUFFERDATAPROC, BufferData)                                       \
    X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                 \
    X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)             \
    X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                     \
    X(PFNGLDRAWELEMENTSPROC, DrawElements)                                   \
    X(PFNGLGENTEXTURESPROC, GenTextures)                                     \
    X(PFNGLBINDTEXTUREPROC, BindTexture)                                     \
    X(PFNGLACTIVETEXTUREPROC, ActiveTexture)                                 \
    X(PFNGLTEXIMAGE2DPROC, TexImage2D)                                       \
    X(PFNGLTEXPARAMETERIPROC, TexParameteri)                                 \
    X(PFNGLGENERATEMIPMAPPROC, GenerateMipmap)                               \
    X(PFNGLDELETETEXTURESPROC, DeleteTextures)                               \
    X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                             \
    X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                             \
    X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)             \
    X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus)               \
    X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers)                       \
    X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                           \
    X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                           \
    X(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, RenderbufferStorageMultisample) \
    X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers)                     \
    X(PFNGLBLITFRAMEBUFFERPROC, BlitFramebuffer)                             \
    X(PFNGLBLENDFUNCSEPARATEPROC, BlendFuncSeparate)                         \
    X(PFNGLGETBUFFERSUBDATAPROC, GetBufferSubData)                           \
    X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)                               \
    X(PFNGLBINDBUFFERRANGEPROC, BindBufferRange)                             \
    X(PFNGLDRAWARRAYSPROC, DrawArrays)                                       \
    X(PFNGLUNIFORM2FPROC, Uniform2f)                                         \
    X(PFNGLUNIFORM3FVPROC, Uniform3fv)                                       \
    X(PFNGLUNIFORM1UIPROC, Uniform1ui)                                       \
    X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                 \
    X(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, TransformFeedbackVaryings)         \
    X(PFNGLBEGINTRANSFORMFEEDBACKPROC, BeginTransformFeedback)               \
    X(PFNGLENDTRANSFORMFEEDBACKPROC, EndTransformFeedback)                   \
    X(PFNGLGENQUERIESPROC, GenQueries)                                       \
    X(PFNGLDELETEQUERIESPROC, DeleteQueries)                                 \
    X(PFNGLBEGINQUERYPROC, BeginQuery)                                       \
    X(PFNGLENDQUERYPROC, EndQuery)                                           \
    X(PFNGLGETQUERYOBJECTUIVPROC, GetQueryObjectuiv)                         \
    X(PFNGLFINISHPROC, Finish)                                               \
    X(PFNGLCLEARSTENCILPROC, ClearStencil)                                   \
    X(PFNGLSTENCILMASKPROC, StencilMask)                                     \
    X(PFNGLDRAWELEMENTSBASEVERTEXPROC, DrawElementsBaseVertex)               \
    X(PFNGLPOLYGONOFFSETPROC, PolygonOffset)                                 \
    X(PFNGLDISPATCHCOMPUTEPROC, DispatchCompute)                             \
    X(PFNGLMEMORYBARRIERPROC, MemoryBarrier)                                 \
    X(PFNGLDRAWELEMENTSINSTANCEDPROC, DrawElementsInstanced)                 \
    X(PFNGLDRAWARRAYSINSTANCEDPROC, DrawArraysInstanced)                     \
    X(PFNGLDRAWELEMENTSINDIRECTPROC, DrawElementsIndirect)                   \
    X(PFNGLDRAWARRAYSINDIRECTPROC, DrawArraysIndirect)                       \
    X(PFNGLVERTEXATTRIBDIVISORPROC, VertexAttribDivisor)                     \
    X(PFNGLGETQUERYOBJECTUI64VPROC, GetQueryObjectui64v)                     \
    X(PFNGLPOLYGONMODEPROC, PolygonMode)                                     \
    X(PFNGLFENCESYNCPROC, FenceSync)                                         \
    X(PFNGLCLIENTWAITSYNCPROC, ClientWaitSync)                               \
    X(PFNGLDELETESYNCPROC, DeleteSync)                                       \
    X(PFNGLFLUSHPROC, Flush)                                                 \
    X(PFNGLDISPATCHCOMPUTEINDIRECTPROC, DispatchComputeIndirect)             \
    X(PFNGLGETINTEGER64VPROC, GetInteger64v)

namespace sw::render::detail {

struct GlFunctions {
#define SW_GL_MEMBER(type, name) type name = nullptr;
    SW_GL_FUNCTIONS(SW_GL_MEMBER)
#undef SW_GL_MEMBER
};

// Resolves every function of SW_GL_FUNCTIONS; a missing one is an ErrorCode::Gpu error naming
// it. Needs the host's context current.
Result<GlFunctions> loadGlFunctions(const GlProcLoader& loader);

// Whether the current context lists extension `name` (GL_NUM_EXTENSIONS / glGetStringi).
bool hasExtension(const GlFunctions& gl, const char* name);

// "GL error 0x0502 (GL_INVALID_OPERATION) after <what>" for every pending error, or "".
std::string drainGlErrors(const GlFunctions& gl, const char* what);
// drainGlErrors as a Status: ErrorCode::Gpu naming `what` when GL reported errors.
Status gpuStatus(const GlFunctions& gl, const char* what);

}  // namespace sw::render::detail
